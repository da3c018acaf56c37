// LITS (pzprjs "lits"): pencilsat's rows write a shaded cell as its tetromino's letter
// ('L', 'I', 'T', 'S'), '.' unshaded; pzprjs keeps a shaded cell as qans 1. Read back, each
// region's shaded cells get their tetromino's letter ('L' where they form none, as pencilsat's
// named_shading). The control shades a cell beside a shaded one (a region gets a fifth shaded
// cell, or two tetrominoes touch wrongly).
"use strict";

var shaded = require("./shaded_cells.js");

var SHAPES = {
	L: [[0, 0], [1, 0], [2, 0], [2, 1]],
	I: [[0, 0], [1, 0], [2, 0], [3, 0]],
	T: [[0, 0], [0, 1], [0, 2], [1, 1]],
	S: [[0, 1], [0, 2], [1, 0], [1, 1]]
};

function key(cells) {
	var r0 = Math.min.apply(null, cells.map(function (p) { return p[0]; }));
	var c0 = Math.min.apply(null, cells.map(function (p) { return p[1]; }));
	return cells.map(function (p) { return (p[0] - r0) + "," + (p[1] - c0); }).sort().join(" ");
}

var LETTER = {};
Object.keys(SHAPES).forEach(function (letter) {
	var cells = SHAPES[letter];
	for (var turn = 0; turn < 8; turn++) {
		LETTER[key(cells)] = letter;
		cells = cells.map(function (p) { return [p[1], -p[0]]; }); // a quarter turn
		if (turn === 3) cells = cells.map(function (p) { return [p[0], -p[1]]; }); // a mirror
	}
});

function plain(rows) {
	return rows.map(function (line) { return line.replace(/[LITS]/g, "#"); });
}

exports.apply = function (puzzle, rows) {
	shaded.apply(puzzle, plain(rows));
};

var spoiler = shaded.spoiler(function () {
	return true;
});
exports.spoil = function (puzzle, rows) {
	return spoiler(puzzle, plain(rows));
};

exports.rows = function (puzzle) {
	var out = shaded.rows(puzzle).map(function (line) { return line.split(""); });
	puzzle.board.roommgr.components.forEach(function (room) {
		var cells = [];
		for (var i = 0; i < room.clist.length; i++) {
			var c = room.clist[i];
			if (c.qans === 1) cells.push([(c.by - 1) >> 1, (c.bx - 1) >> 1]);
		}
		var letter = (cells.length === 4 && LETTER[key(cells)]) || "L";
		cells.forEach(function (p) { out[p[0]][p[1]] = letter; });
	});
	return out.map(function (line) { return line.join(""); });
};
