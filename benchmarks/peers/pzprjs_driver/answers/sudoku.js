// Sudoku (pzprjs "sudoku"): pencilsat's rows hold a digit per cell (letters above 9, '#' a
// gap left empty); pzprjs keeps a player's digit as anum, a given as qnum (-2: a gap, '?').
"use strict";

var numbers = require("./number_cells.js");

exports.apply = function (puzzle, rows) {
	numbers.apply(puzzle, rows);
};

// A digit repeated in its row or column.
exports.spoil = function (puzzle) {
	return numbers.spoil(puzzle, function (c) {
		return numbers.lines(puzzle, c);
	});
};

exports.rows = function (puzzle) {
	return numbers.rows(puzzle, function (c) {
		return c.qnum === -2 ? "#" : numbers.digit(c.getNum());
	});
};
