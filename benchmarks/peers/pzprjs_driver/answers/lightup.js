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
