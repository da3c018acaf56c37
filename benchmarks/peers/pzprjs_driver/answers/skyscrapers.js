// Skyscrapers (pzprjs "skyscrapers"): pencilsat's rows hold a height per cell ('#' a gap,
// pzprjs's '?' given); pzprjs keeps a player's height as anum, a given as qnum. The clues
// are its excells, not in the rows.
"use strict";

var numbers = require("./number_cells.js");

exports.apply = function (puzzle, rows) {
	numbers.apply(puzzle, rows);
};

// A height repeated in its row or column.
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
