// Slant (pzprjs "gokigen"): pencilsat's rows are '\' and '/' per cell; pzprjs keeps them as
// qans 31 ('\') and 32 ('/').
"use strict";

var grid = require("./_grid.js");
var QANS = { "\\": 31, "/": 32 };
var CHAR = { 31: "\\", 32: "/" };

exports.apply = function (puzzle, rows) {
	rows.forEach(function (line, row) {
		Array.prototype.forEach.call(line, function (ch, col) {
			if (ch in QANS) grid.cell(puzzle, row, col).setQans(QANS[ch]);
		});
	});
};

// Turn the first cell's diagonal: the unique answer's neighbour, never an answer itself.
exports.spoil = function (puzzle, rows) {
	if (!rows.length || !(rows[0][0] in QANS)) return false;
	grid.cell(puzzle, 0, 0).setQans(rows[0][0] === "/" ? 31 : 32);
	return true;
};

// A cell pzprjs leaves without a diagonal is written '.', which pencilsat's reader refuses
// (a Slant answer has a diagonal in every cell).
exports.rows = function (puzzle) {
	var out = [];
	for (var row = 0; row < puzzle.board.rows; row++) {
		var line = "";
		for (var col = 0; col < puzzle.board.cols; col++)
			line += CHAR[grid.cell(puzzle, row, col).qans] || ".";
		out.push(line);
	}
	return out;
};
