// Yajilin (pzprjs "yajilin"): pencilsat's rows are pipe letters on the loop, '#' a shaded
// cell, '.' a clue or an empty cell; pzprjs keeps the loop as lines on the borders between
// cells and a shaded cell as qans 1.
"use strict";

var grid = require("./_grid.js");

exports.apply = function (puzzle, rows) {
	grid.applyPipes(puzzle, rows);
	rows.forEach(function (line, row) {
		Array.prototype.forEach.call(line, function (ch, col) {
			if (ch === "#") grid.cell(puzzle, row, col).setQans(1);
		});
	});
};

// Take away the first line step: the loop breaks.
exports.spoil = grid.spoilPipes;

// The board's answer: '#' shaded, a pipe letter on the loop ('?' a cell with one, three or
// four lines), '.' otherwise (a clue cell too).
exports.rows = function (puzzle) {
	var out = [];
	for (var row = 0; row < puzzle.board.rows; row++) {
		var line = "";
		for (var col = 0; col < puzzle.board.cols; col++) {
			var pipe = grid.pipeOf(puzzle, row, col);
			line += pipe === "." && grid.cell(puzzle, row, col).qans === 1 ? "#" : pipe;
		}
		out.push(line);
	}
	return out;
};
