// Tents (pzprjs "tents"): pencilsat's rows write 'T' a tree (pzprjs's qnum 1, a clue), 'A' a
// tent (pzprjs's anum 2), '.' empty. The control takes the first tent away (its row and
// column counts and its tree are a tent short).
"use strict";

var grid = require("./_grid.js");

function tent(t) {
	return t === "A";
}

exports.apply = function (puzzle, rows) {
	grid.eachMarked(puzzle, rows, tent, function (c) {
		c.setAnum(2);
	});
};

exports.spoil = function (puzzle, rows) {
	return grid.firstMarked(puzzle, rows, tent, function (c) {
		c.setAnum(-1);
	});
};

exports.rows = function (puzzle) {
	return grid.rowsOf(puzzle, function (c) {
		return c.qnum === 1 ? "T" : c.anum === 2 ? "A" : ".";
	});
};
