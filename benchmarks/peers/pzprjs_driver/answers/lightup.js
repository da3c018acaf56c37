// Light Up (pzprjs "lightup"): pencilsat's rows mark a light '*'; pzprjs keeps it as qans 1.
"use strict";

var grid = require("./_grid.js");

function light(t) {
	return t === "*";
}

exports.apply = function (puzzle, rows) {
	grid.eachMarked(puzzle, rows, light, function (c) {
		c.setQans(1);
	});
};

// Take away the first light: a cell is left unlit (or a number short), so the check fails.
exports.spoil = function (puzzle, rows) {
	return grid.firstMarked(puzzle, rows, light, function (c) {
		c.setQans(0);
	});
};

// The board's answer as pencilsat's rows: '*' a light, '#' a black cell ('-' in pzprjs's
// file, a number or not), its number where it has one, '.' otherwise.
exports.rows = function (puzzle) {
	return grid.rowsOf(puzzle, function (c) {
		if (c.qnum === -2) return "#";
		if (c.qnum >= 0) return String(c.qnum);
		return c.qans === 1 ? "*" : ".";
	});
};
