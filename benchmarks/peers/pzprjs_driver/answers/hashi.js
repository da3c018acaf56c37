// Hashiwokakero (pzprjs "hashikake"): pencilsat's rows copy the islands and mark each water
// cell a bridge crosses ('-' '=' one or two across, '|' 'H' one or two down); pzprjs keeps a
// bridge as lines of value 1 or 2 on every border between its two islands.
"use strict";

var grid = require("./_grid.js");
var BRIDGE = { "-": ["left", "right", 1], "=": ["left", "right", 2],
	"|": ["up", "down", 1], H: ["up", "down", 2] };

exports.apply = function (puzzle, rows) {
	rows.forEach(function (line, row) {
		Array.prototype.forEach.call(line, function (ch, col) {
			var bridge = BRIDGE[ch];
			if (!bridge) return;
			grid.side(puzzle, row, col, bridge[0]).setLineVal(bridge[2]);
			grid.side(puzzle, row, col, bridge[1]).setLineVal(bridge[2]);
		});
	});
};

// Take away the first bridge (row-major) whole: its two islands are a bridge short.
exports.spoil = function (puzzle, rows) {
	for (var row = 0; row < rows.length; row++) {
		for (var col = 0; col < rows[row].length; col++) {
			var bridge = BRIDGE[rows[row][col]];
			if (!bridge) continue;
			var d = grid.STEPS[bridge[1]], r = row, c = col;
			while (rows[r] !== undefined && BRIDGE[rows[r][c]]) {
				grid.side(puzzle, r, c, bridge[0]).setLineVal(0);
				grid.side(puzzle, r, c, bridge[1]).setLineVal(0);
				r += d[0];
				c += d[1];
			}
			return true;
		}
	}
	return false;
};

// The board's answer: an island's number ('?' none given), on water the bridge its borders
// carry ('.' none, '+' lines both across and down, which no symbol draws).
exports.rows = function (puzzle) {
	var out = [];
	for (var row = 0; row < puzzle.board.rows; row++) {
		var line = "";
		for (var col = 0; col < puzzle.board.cols; col++) {
			var c = grid.cell(puzzle, row, col);
			if (c.qnum !== -1) {
				line += c.qnum === -2 ? "?" : String(c.qnum);
				continue;
			}
			var across = Math.max(lineOf(puzzle, row, col, "left"), lineOf(puzzle, row, col, "right"));
			var down = Math.max(lineOf(puzzle, row, col, "up"), lineOf(puzzle, row, col, "down"));
			if (across && down) line += "+";
			else if (across) line += across === 1 ? "-" : "=";
			else if (down) line += down === 1 ? "|" : "H";
			else line += ".";
		}
		out.push(line);
	}
	return out;
};

function lineOf(puzzle, row, col, step) {
	var border = grid.side(puzzle, row, col, step);
	return border.isnull ? 0 : border.line;
}
