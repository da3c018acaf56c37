// Shakashaka (pzprjs "shakashaka"): pencilsat's rows are tokens, a black cell as in the
// puzzle ('#', or its number), '.' an empty white cell, 'nw'/'ne'/'sw'/'se' the corner the
// black triangle fills. pzprjs keeps a triangle as qans 2..5 by where its right angle is:
// 2 bottom-left, 3 bottom-right, 4 top-right, 5 top-left (its AreaWrectGraph's sldir: 2 is
// open up and right). The control takes the first triangle away.
"use strict";

var QANS = { sw: 2, se: 3, ne: 4, nw: 5 };
var TOKEN = { 2: "sw", 3: "se", 4: "ne", 5: "nw" };

var grid = require("./_grid.js");

function triangle(t) {
	return t in QANS;
}

exports.apply = function (puzzle, rows) {
	grid.eachMarked(puzzle, rows, triangle, function (c, t) {
		c.setQans(QANS[t]);
	}, true);
};

exports.spoil = function (puzzle, rows) {
	return grid.firstMarked(puzzle, rows, triangle, function (c) {
		c.setQans(0);
	}, true);
};

exports.rows = function (puzzle) {
	return grid.rowsOf(puzzle, function (c) {
		if (c.qnum === -2) return "#";
		if (c.qnum >= 0) return String(c.qnum);
		return TOKEN[c.qans] || ".";
	}, " ");
};
