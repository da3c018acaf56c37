// Slitherlink (pzprjs "slither"): pencilsat's rows are the 2H+1 lattice rows ('-' and '|'
// the loop between dots); pzprjs keeps the loop as lines on its borders, which lie between
// the dots (borderAsLine): the segment right of dot (r, c) at (2c + 1, 2r), the one below
// it at (2c, 2r + 1).
"use strict";

function segment(puzzle, i, j) {
	return puzzle.board.getb(j, i);
}

exports.apply = function (puzzle, rows) {
	rows.forEach(function (line, i) {
		Array.prototype.forEach.call(line, function (ch, j) {
			if (ch === "-" || ch === "|") segment(puzzle, i, j).setLine(1);
		});
	});
};

// Take away the first segment of the loop: it breaks.
exports.spoil = function (puzzle, rows) {
	for (var i = 0; i < rows.length; i++) {
		for (var j = 0; j < rows[i].length; j++) {
			if (rows[i][j] === "-" || rows[i][j] === "|") {
				segment(puzzle, i, j).removeLine();
				return true;
			}
		}
	}
	return false;
};

exports.rows = function (puzzle) {
	var out = [];
	for (var i = 0; i <= 2 * puzzle.board.rows; i++) {
		var line = "";
		for (var j = 0; j <= 2 * puzzle.board.cols; j++) {
			if (i % 2 === 0 && j % 2 === 0) line += "+";
			else if (i % 2 === 1 && j % 2 === 1) line += " ";
			else if (segment(puzzle, i, j).isLine()) line += i % 2 === 0 ? "-" : "|";
			else line += ".";
		}
		out.push(line);
	}
	return out;
};
