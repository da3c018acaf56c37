// Fillomino (pzprjs "fillomino"): pencilsat's rows are space-separated numbers, one per
// cell; pzprjs keeps a player's number as anum, a given as qnum (-2: a '?' given). pzprjs
// reads blocks from the numbers (its answer borders are only the player's marks).
"use strict";

var numbers = require("./number_cells.js");

exports.apply = function (puzzle, rows) {
	numbers.apply(puzzle, rows);
};

// Any cell's number changed breaks a block: a block of n loses a cell, or the cell of a 1
// joins its neighbours' blocks or stands alone with another number. The first answered
// cell takes the number of a neighbour with another one (or one more than its own).
exports.spoil = function (puzzle) {
	var cells = puzzle.board.cell;
	for (var i = 0; i < cells.length; i++) {
		var c = cells[i];
		if (c.qnum !== -1 || c.anum <= 0) continue;
		var other = c.getdir4clist().map(function (pair) { return pair[0].getNum(); })
			.filter(function (n) { return n > 0 && n !== c.anum; });
		c.setAnum(other.length > 0 ? other[0] : c.anum + 1);
		return true;
	}
	return false;
};

exports.rows = function (puzzle) {
	return numbers.rows(puzzle, function (c) {
		var n = c.getNum();
		return n > 0 ? String(n) : ".";
	}, true);
};
