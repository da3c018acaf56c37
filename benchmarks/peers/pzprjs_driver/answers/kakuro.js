// Kakuro (pzprjs "kakuro"): pencilsat's rows are its whole grid, a digit per white cell and
// '#' elsewhere, with the clue row and column that pzprjs keeps as excells: pencilsat's
// (row, col) is pzprjs's cell (row - 1, col - 1). A black cell is ques 51; a digit anum.
"use strict";

var numbers = require("./number_cells.js");

exports.size = function (puzzle) {
	return [puzzle.board.cols + 1, puzzle.board.rows + 1];
};

exports.apply = function (puzzle, rows) {
	numbers.apply(puzzle, rows, 1, 1);
};

// A digit repeated in its across or down run.
exports.spoil = function (puzzle) {
	return numbers.spoil(puzzle, function (c) {
		return numbers.lines(puzzle, c, function (o) { return o.ques === 51; });
	});
};

exports.rows = function (puzzle) {
	var inside = numbers.rows(puzzle, function (c) {
		return c.ques === 51 ? "#" : numbers.digit(c.anum);
	});
	var edge = new Array(puzzle.board.cols + 2).join("#");
	return [edge].concat(inside.map(function (line) { return "#" + line; }));
};
