// Light Up (pzprjs "lightup"): pencilsat's rows mark a light '*'; pzprjs keeps it as qans 1.
"use strict";

function cell(puzzle, row, col) {
	return puzzle.board.getc(2 * col + 1, 2 * row + 1);
}

exports.apply = function (puzzle, rows) {
	rows.forEach(function (line, row) {
		Array.prototype.forEach.call(line, function (ch, col) {
			if (ch === "*") cell(puzzle, row, col).setQans(1);
		});
	});
};

// Take away the first light: a cell is left unlit (or a number short), so the check fails.
exports.spoil = function (puzzle, rows) {
	for (var row = 0; row < rows.length; row++) {
		var col = rows[row].indexOf("*");
		if (col >= 0) {
			cell(puzzle, row, col).setQans(0);
			return true;
		}
	}
	return false;
};

// The board's answer as pencilsat's rows: '*' a light, '#' a black cell ('-' in pzprjs's
// file, a number or not), its number where it has one, '.' otherwise.
exports.rows = function (puzzle) {
	var out = [];
	for (var row = 0; row < puzzle.board.rows; row++) {
		var line = "";
		for (var col = 0; col < puzzle.board.cols; col++) {
			var c = cell(puzzle, row, col);
			if (c.qnum === -2) line += "#";
			else if (c.qnum >= 0) line += String(c.qnum);
			else line += c.qans === 1 ? "*" : ".";
		}
		out.push(line);
	}
	return out;
};
