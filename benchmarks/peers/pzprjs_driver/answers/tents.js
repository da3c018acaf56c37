// Tents (pzprjs "tents"): pencilsat's rows write 'T' a tree (pzprjs's qnum 1, a clue), 'A' a
// tent (pzprjs's anum 2), '.' empty. The control takes the first tent away (its row and
// column counts and its tree are a tent short).
"use strict";

function cell(puzzle, row, col) {
	return puzzle.board.getc(2 * col + 1, 2 * row + 1);
}

exports.apply = function (puzzle, rows) {
	rows.forEach(function (line, row) {
		Array.prototype.forEach.call(line, function (ch, col) {
			if (ch === "A") cell(puzzle, row, col).setAnum(2);
		});
	});
};

exports.spoil = function (puzzle, rows) {
	for (var row = 0; row < rows.length; row++) {
		var col = rows[row].indexOf("A");
		if (col >= 0) {
			cell(puzzle, row, col).setAnum(-1);
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
			var c = cell(puzzle, row, col);
			line += c.qnum === 1 ? "T" : c.anum === 2 ? "A" : ".";
		}
		out.push(line);
	}
	return out;
};
