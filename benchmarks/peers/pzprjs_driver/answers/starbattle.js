// Star Battle (pzprjs "starbattle"): pencilsat's rows mark a star '*'; pzprjs keeps it as
// qans 1. The control takes the first star away (its row is a star short).
"use strict";

var grid = require("./_grid.js");

function star(t) {
	return t === "*";
}

exports.apply = function (puzzle, rows) {
	grid.eachMarked(puzzle, rows, star, function (c) {
		c.setQans(1);
	});
};

exports.spoil = function (puzzle, rows) {
	return grid.firstMarked(puzzle, rows, star, function (c) {
		c.setQans(0);
	});
};

exports.rows = function (puzzle) {
	return grid.rowsOf(puzzle, function (c) {
		return c.qans === 1 ? "*" : ".";
	});
};
