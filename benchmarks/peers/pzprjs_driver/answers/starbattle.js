// Star Battle (pzprjs "starbattle"): pencilsat's rows mark a star '*'; pzprjs keeps it as
// qans 1. The control takes the first star away (its row is a star short).
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

exports.rows = function (puzzle) {
	var out = [];
	for (var row = 0; row < puzzle.board.rows; row++) {
		var line = "";
		for (var col = 0; col < puzzle.board.cols; col++) {
			line += cell(puzzle, row, col).qans === 1 ? "*" : ".";
		}
		out.push(line);
	}
	return out;
};
