// Shared by the adapters of the number genres (sudoku, skyscrapers, ripple, fillomino,
// kakuro): pzprjs keeps a player's number in a cell's anum (-1 none), a given in its qnum
// (-1 none, -2 a '?'). pencilsat's rows are characters (a digit, a letter A = 10 ...) or,
// when a row holds a space, space-separated numbers; '.' (and other marks) no number.
"use strict";

var grid = require("./_grid.js");

var DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// The cell at pencilsat's (row, col) shifted by (top, left): Kakuro's rows have a clue row
// and column more than pzprjs's board.
function cell(puzzle, row, col, top, left) {
	return grid.cell(puzzle, row - (top || 0), col - (left || 0));
}
exports.cell = cell;

function tokens(line) {
	return line.indexOf(" ") >= 0 ? line.trim().split(/\s+/) : line.split("");
}

function value(token) {
	if (/^[0-9]+$/.test(token)) return parseInt(token, 10);
	var index = token.length === 1 ? DIGITS.indexOf(token) : -1;
	return index > 0 ? index : null;
}
exports.value = value;

// Put every number of the rows as the player's number of a cell without a given.
exports.apply = function (puzzle, rows, top, left) {
	rows.forEach(function (line, row) {
		tokens(line).forEach(function (token, col) {
			var c = cell(puzzle, row, col, top, left);
			var v = value(token);
			if (!c.isnull && v !== null && c.qnum === -1 && c.ques !== 51) c.setAnum(v);
		});
	});
};

// Give the first answered cell that has a peer (peers(cell): cells that must differ from
// it) the number of that peer: a repeat, so the check must fail. False when none has one.
exports.spoil = function (puzzle, peers) {
	var cells = puzzle.board.cell;
	for (var i = 0; i < cells.length; i++) {
		var c = cells[i];
		if (c.qnum !== -1 || c.anum <= 0) continue;
		var others = peers(c).filter(function (o) {
			return !o.isnull && o !== c && o.getNum() > 0 && o.getNum() !== c.anum;
		});
		if (others.length > 0) {
			c.setAnum(others[0].getNum());
			return true;
		}
	}
	return false;
};

// The cells of a cell's row and column (up to the next cell for which stop(cell) is true).
exports.lines = function (puzzle, c, stop) {
	var out = [];
	[[-2, 0], [2, 0], [0, -2], [0, 2]].forEach(function (d) {
		for (var o = c.board.getc(c.bx + d[0], c.by + d[1]); !o.isnull && !(stop && stop(o));
			o = o.board.getc(o.bx + d[0], o.by + d[1])) {
			out.push(o);
		}
	});
	return out;
};

// The board's numbers as pencilsat's rows: write(cell) gives each cell's token; joined by
// spaces when spaced, else as characters.
exports.rows = function (puzzle, write, spaced) {
	var out = [];
	for (var row = 0; row < puzzle.board.rows; row++) {
		var line = [];
		for (var col = 0; col < puzzle.board.cols; col++) line.push(write(cell(puzzle, row, col)));
		out.push(line.join(spaced ? " " : ""));
	}
	return out;
};

// A number as a character (letters above 9), '.' for none.
exports.digit = function (n) {
	return n > 0 && n < DIGITS.length ? DIGITS.charAt(n) : ".";
};

// The adapter of a Latin square of digits (Sudoku, Skyscrapers): pencilsat's rows a digit per
// cell, '#' a gap (pzprjs's '?' given); the control repeats a digit in its row or column.
exports.latin = {
	apply: function (puzzle, rows) {
		exports.apply(puzzle, rows);
	},
	spoil: function (puzzle) {
		return exports.spoil(puzzle, function (c) {
			return exports.lines(puzzle, c);
		});
	},
	rows: function (puzzle) {
		return exports.rows(puzzle, function (c) {
			return c.qnum === -2 ? "#" : exports.digit(c.getNum());
		});
	}
};
