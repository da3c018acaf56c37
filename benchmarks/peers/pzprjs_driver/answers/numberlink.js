// Numberlink (pzprjs "numlin", and "arukone" for the filled variant): pencilsat's rows are
// pipe letters (an end's letter '^' 'v' '<' '>' its one step); pzprjs keeps the paths as
// lines on the borders between cells.
"use strict";

var grid = require("./_grid.js");

exports.apply = grid.applyPipes;
exports.spoil = grid.spoilPipes;

// The board's lines as pipe letters ('?' a cell with three or four lines).
exports.rows = function (puzzle) {
	var out = [];
	for (var row = 0; row < puzzle.board.rows; row++) {
		var line = "";
		for (var col = 0; col < puzzle.board.cols; col++) line += grid.pipeOf(puzzle, row, col);
		out.push(line);
	}
	return out;
};
