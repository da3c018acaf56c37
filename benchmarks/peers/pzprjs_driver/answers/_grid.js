// Shared by the adapters of the line and region genres (not a genre: no pencilsat genre is
// called "_grid"). pzprjs addresses a cell (row, col) as (bx, by) = (2 col + 1, 2 row + 1) and
// the border between two cells at the mean of theirs; a border-line genre (Slitherlink) puts
// its lines on the borders between the dots instead.
"use strict";

var STEPS = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
exports.STEPS = STEPS;

// pencilsat's pipe letters (puzzles/pipes.py, Numberlink's ends too): the steps each joins.
var PIPES = {
	"-": ["left", "right"],
	"|": ["up", "down"],
	L: ["up", "right"],
	J: ["up", "left"],
	"7": ["left", "down"],
	F: ["right", "down"],
	"^": ["up"],
	v: ["down"],
	"<": ["left"],
	">": ["right"]
};
exports.PIPES = PIPES;

function cell(puzzle, row, col) {
	return puzzle.board.getc(2 * col + 1, 2 * row + 1);
}
exports.cell = cell;

// Each cell of pencilsat's rows whose token is ``mark`` (rows of characters, or of
// space-separated tokens when ``spaced``), given to ``put(cell, token)``.
function eachMarked(puzzle, rows, isMark, put, spaced) {
	rows.forEach(function (line, row) {
		(spaced ? line.split(" ") : Array.prototype.slice.call(line)).forEach(function (t, col) {
			if (isMark(t)) put(cell(puzzle, row, col), t);
		});
	});
}
exports.eachMarked = eachMarked;

// The control of a marked answer: the first marked cell given to ``take(cell)``; false
// when no cell is marked.
exports.firstMarked = function (puzzle, rows, isMark, take, spaced) {
	for (var row = 0; row < rows.length; row++) {
		var line = spaced ? rows[row].split(" ") : rows[row];
		for (var col = 0; col < line.length; col++) {
			if (isMark(line[col])) {
				take(cell(puzzle, row, col));
				return true;
			}
		}
	}
	return false;
};

// The board's answer as pencilsat's rows: ``token(cell)`` per cell, joined by ``joiner``.
exports.rowsOf = function (puzzle, token, joiner) {
	var out = [];
	for (var row = 0; row < puzzle.board.rows; row++) {
		var line = [];
		for (var col = 0; col < puzzle.board.cols; col++) line.push(token(cell(puzzle, row, col)));
		out.push(line.join(joiner || ""));
	}
	return out;
};

// The border on the side ``step`` of cell (row, col) (a null object off the board).
function side(puzzle, row, col, step) {
	var d = STEPS[step];
	return puzzle.board.getb(2 * col + 1 + d[1], 2 * row + 1 + d[0]);
}
exports.side = side;

// Each pipe letter's steps drawn as lines on the borders between cell centres.
exports.applyPipes = function (puzzle, rows) {
	rows.forEach(function (line, row) {
		Array.prototype.forEach.call(line, function (ch, col) {
			(PIPES[ch] || []).forEach(function (step) {
				var border = side(puzzle, row, col, step);
				if (!border.isnull) border.setLine(1);
			});
		});
	});
};

// Take away the first line step (row-major, to the right or down): the loop or path breaks.
exports.spoilPipes = function (puzzle, rows) {
	for (var row = 0; row < rows.length; row++) {
		for (var col = 0; col < rows[row].length; col++) {
			var steps = PIPES[rows[row][col]] || [];
			for (var i = 0; i < steps.length; i++) {
				if (steps[i] !== "right" && steps[i] !== "down") continue;
				side(puzzle, row, col, steps[i]).removeLine();
				return true;
			}
		}
	}
	return false;
};

// The pipe letter of a cell's lines on the board: '.' none, '?' a set no letter draws.
exports.pipeOf = function (puzzle, row, col) {
	var on = Object.keys(STEPS).filter(function (step) {
		var border = side(puzzle, row, col, step);
		return !border.isnull && border.isLine();
	});
	if (on.length === 0) return ".";
	for (var letter in PIPES) {
		var steps = PIPES[letter];
		if (steps.length === on.length && steps.every(function (s) { return on.indexOf(s) >= 0; }))
			return letter;
	}
	return "?";
};

// Region genres: the borders (qans 1) between cells of differing labels, '#' cells skipped.
exports.applyRegions = function (puzzle, rows) {
	var labels = rows.map(function (line) { return line.trim().split(/\s+/); });
	labels.forEach(function (line, row) {
		line.forEach(function (label, col) {
			if (label === "#") return;
			["right", "down"].forEach(function (step) {
				var d = STEPS[step];
				var next = (labels[row + d[0]] || [])[col + d[1]];
				if (next !== undefined && next !== "#" && next !== label)
					side(puzzle, row, col, step).setQans(1);
			});
		});
	});
};

// Take away the first border between two regions: they merge into one.
exports.spoilRegions = function (puzzle) {
	var border = puzzle.board.border.filter(function (b) { return b.qans === 1; })[0];
	if (!border) return false;
	border.setQans(0);
	return true;
};

// The regions the board's borders (qans 1) enclose, numbered 1.. by first cell (row-major),
// as pencilsat's rows of region numbers; a cell cut out of the board is '#'. null when a
// border lies inside a region (a border that ends in the open): rows of region numbers
// cannot draw it.
exports.regionRows = function (puzzle) {
	var rows = puzzle.board.rows, cols = puzzle.board.cols;
	var label = [], next = 0;
	for (var r = 0; r < rows; r++) label.push(new Array(cols).fill(0));
	for (r = 0; r < rows; r++) {
		for (var c = 0; c < cols; c++) {
			if (label[r][c] || cell(puzzle, r, c).isEmpty()) continue;
			label[r][c] = ++next;
			var stack = [[r, c]];
			while (stack.length) {
				var at = stack.pop();
				Object.keys(STEPS).forEach(function (step) {
					var d = STEPS[step], y = at[0] + d[0], x = at[1] + d[1];
					if (y < 0 || x < 0 || y >= rows || x >= cols || label[y][x]) return;
					if (cell(puzzle, y, x).isEmpty()) return;
					if (side(puzzle, at[0], at[1], step).qans === 1) return;
					label[y][x] = next;
					stack.push([y, x]);
				});
			}
		}
	}
	for (r = 0; r < rows; r++) {
		for (c = 0; c < cols; c++) {
			if (r + 1 < rows && label[r][c] && label[r][c] === label[r + 1][c] &&
				side(puzzle, r, c, "down").qans === 1) return null;
			if (c + 1 < cols && label[r][c] && label[r][c] === label[r][c + 1] &&
				side(puzzle, r, c, "right").qans === 1) return null;
		}
	}
	return label.map(function (line, r) {
		return line.map(function (v, c) {
			return cell(puzzle, r, c).isEmpty() ? "#" : String(v);
		}).join(" ");
	});
};

// The board's lines as pipe letters, row by row ('?' a cell with three or four lines, or
// one where the genre has no ends): Masyu's and Numberlink's answer.
exports.pipeRows = function (puzzle) {
	var out = [];
	for (var row = 0; row < puzzle.board.rows; row++) {
		var line = "";
		for (var col = 0; col < puzzle.board.cols; col++) line += exports.pipeOf(puzzle, row, col);
		out.push(line);
	}
	return out;
};
