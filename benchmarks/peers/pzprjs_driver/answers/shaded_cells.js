// The shared adapter of genres whose answer is shaded cells (pzprjs's qans 1; pencilsat's
// rows '#' shaded, '.' not): Nurikabe, Heyawake, Kurodoko, Norinori, Hitori, Nonogram.
// Not a genre: the driver looks up answers/<genre>.js by pencilsat's genre names.
"use strict";

var grid = require("./_grid.js");
var cell = grid.cell;
exports.cell = cell;

// A '#' is shaded where pzprjs lets a player shade (allowShade: not a numbered cell of
// Nurikabe or Kurodoko, whose checks take a number for unshaded and never look).
exports.apply = function (puzzle, rows) {
	rows.forEach(function (line, row) {
		Array.prototype.forEach.call(line, function (ch, col) {
			var c = cell(puzzle, row, col);
			if (ch === "#" && c.allowShade()) c.setQans(1);
		});
	});
};

function shadedBeside(puzzle, rows, row, col) {
	return [[-1, 0], [1, 0], [0, -1], [0, 1]].some(function (d) {
		var line = rows[row + d[0]];
		return line !== undefined && line[col + d[1]] === "#";
	});
}

// A spoiler for the genres where a shaded cell beside another, or a white cell taken from an
// island or a region, breaks a rule: shade the first unshaded cell beside a shaded one (one
// `shadable` says may be shaded: a clue cell of Nurikabe or Kurodoko may not); with none (a
// Nurikabe whose white cells are all numbers), unshade the first shaded cell; with no shaded
// cell at all, shade the first shadable cell.
exports.spoiler = function (shadable) {
	return function (puzzle, rows) {
		var first = null;
		var firstShaded = null;
		for (var row = 0; row < rows.length; row++) {
			for (var col = 0; col < rows[row].length; col++) {
				var c = cell(puzzle, row, col);
				if (rows[row][col] === "#" && firstShaded === null) firstShaded = c;
				if (rows[row][col] !== "." || !shadable(c)) continue;
				if (shadedBeside(puzzle, rows, row, col)) {
					c.setQans(1);
					return true;
				}
				if (first === null) first = c;
			}
		}
		if (firstShaded !== null) {
			firstShaded.setQans(0);
			return true;
		}
		if (first === null) return false;
		first.setQans(1);
		return true;
	};
};

exports.rows = function (puzzle) {
	return grid.rowsOf(puzzle, function (c) {
		return c.qans === 1 ? "#" : ".";
	});
};
