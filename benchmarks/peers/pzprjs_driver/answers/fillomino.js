// Fillomino (pzprjs "fillomino"): pencilsat's rows are space-separated numbers, one per
// cell; pzprjs keeps a player's number as anum, a given as qnum (-2: a '?' given, whose
// number no player enters). pzprjs's blocks are its cells joined across every border not
// drawn (qans) where the numbers agree or one is missing, a '?' counting as missing: so the
// answer's block borders are drawn too, as a player does around a '?' (and as pzprjs's own
// inputBorderFromNumber does), between every two cells of different numbers.
"use strict";

var numbers = require("./number_cells.js");

exports.apply = function (puzzle, rows) {
	numbers.apply(puzzle, rows);
	var value = rows.map(function (line) {
		return line.trim().split(/\s+/);
	});
	var borders = puzzle.board.border;
	for (var i = 0; i < borders.length; i++) {
		var a = borders[i].sidecell[0], b = borders[i].sidecell[1];
		if (a.isnull || b.isnull) continue;
		if (value[a.by >> 1][a.bx >> 1] !== value[b.by >> 1][b.bx >> 1]) borders[i].setQans(1);
	}
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

// A '?' given's number is its block's (its size where nothing else in it is numbered).
exports.rows = function (puzzle) {
	return numbers.rows(puzzle, function (c) {
		var n = c.qnum === -2 && c.nblk ? c.nblk.number : c.getNum();
		return n > 0 ? String(n) : ".";
	}, true);
};
