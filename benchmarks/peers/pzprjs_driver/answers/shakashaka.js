// Shakashaka (pzprjs "shakashaka"): pencilsat's rows are tokens, a black cell as in the
// puzzle ('#', or its number), '.' an empty white cell, 'nw'/'ne'/'sw'/'se' the corner the
// black triangle fills. pzprjs keeps a triangle as qans 2..5 by where its right angle is:
// 2 bottom-left, 3 bottom-right, 4 top-right, 5 top-left (its AreaWrectGraph's sldir: 2 is
// open up and right). The control takes the first triangle away.
"use strict";

var QANS = { sw: 2, se: 3, ne: 4, nw: 5 };
var TOKEN = { 2: "sw", 3: "se", 4: "ne", 5: "nw" };

function cell(puzzle, row, col) {
	return puzzle.board.getc(2 * col + 1, 2 * row + 1);
}

function tokens(line) {
	return line.split(" ");
}

exports.apply = function (puzzle, rows) {
	rows.forEach(function (line, row) {
		tokens(line).forEach(function (token, col) {
			if (token in QANS) cell(puzzle, row, col).setQans(QANS[token]);
		});
	});
};

exports.spoil = function (puzzle, rows) {
	for (var row = 0; row < rows.length; row++) {
		var line = tokens(rows[row]);
		for (var col = 0; col < line.length; col++) {
			if (line[col] in QANS) {
				cell(puzzle, row, col).setQans(0);
				return true;
			}
		}
	}
	return false;
};

exports.rows = function (puzzle) {
	var out = [];
	for (var row = 0; row < puzzle.board.rows; row++) {
		var line = [];
		for (var col = 0; col < puzzle.board.cols; col++) {
			var c = cell(puzzle, row, col);
			if (c.qnum === -2) line.push("#");
			else if (c.qnum >= 0) line.push(String(c.qnum));
			else line.push(TOKEN[c.qans] || ".");
		}
		out.push(line.join(" "));
	}
	return out;
};
