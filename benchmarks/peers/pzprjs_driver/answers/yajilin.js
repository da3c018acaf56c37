// Yajilin (pzprjs "yajilin"): pencilsat's rows are pipe letters on the loop, '#' a shaded
// cell, '.' a clue or an empty cell; pzprjs keeps the loop as lines on the borders between
// cells and a shaded cell as qans 1.
"use strict";

var grid = require("./_grid.js");

// A '#' is shaded where pzprjs lets a player shade (allowShade: not a clue cell, which its
// checks never look at), so a shaded clue reads back as '.' and is not judged as sent.
exports.apply = function (puzzle, rows) {
	grid.applyPipes(puzzle, rows);
	rows.forEach(function (line, row) {
		Array.prototype.forEach.call(line, function (ch, col) {
			var c = grid.cell(puzzle, row, col);
			if (ch === "#" && c.allowShade()) c.setQans(1);
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
