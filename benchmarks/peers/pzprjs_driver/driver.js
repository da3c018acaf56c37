// pencilsat's driver for pzprjs (the code behind puzz.link), used by
// benchmarks/pzprjs_crosscheck.py. One JSON object per line in:
//   {"genre": <pencilsat's name>, "url": <puzz.link URL>, "rows": [<solution rows>]}
// where "rows" are pencilsat's solution rows (GenreRules.solution_rows). One JSON object per
// line out: the genre pzprjs read (pid), its size, pzprjs's own URL and file (pzprv3) of the
// board it read, pzprjs's answer check of the rows put on that board, and the check of the
// same board with one answer element spoiled (the adapter's control: it must fail).
// Usage: node driver.js <path of the built pzpr.js>
"use strict";

var path = require("path");
var readline = require("readline");
var pzpr = require(process.argv[2]);

var adapters = {};
function adapter(genre) {
	if (!(genre in adapters)) {
		try {
			adapters[genre] = require(path.join(__dirname, "answers", genre + ".js"));
		} catch (err) {
			if (err.code !== "MODULE_NOT_FOUND") throw err;
			adapters[genre] = null;
		}
	}
	return adapters[genre];
}

function verdict(info) {
	return { complete: !!info.complete, code: info.lastcode || null, text: info.text || "" };
}

function run(request) {
	var puzzle = new pzpr.Puzzle();
	var out = {};
	puzzle.open(request.url, function () {});
	out.pid = puzzle.pid;
	out.cols = puzzle.board.cols;
	out.rows = puzzle.board.rows;
	out.url = puzzle.getURL();
	out.file = puzzle.getFileData();
	var answers = adapter(request.genre);
	if (answers === null) {
		out.adapter = false;
		return out;
	}
	out.adapter = true;
	answers.apply(puzzle, request.rows);
	out.check = verdict(puzzle.check(true));
	var spoiled = answers.spoil(puzzle, request.rows);
	out.spoiled = spoiled ? verdict(puzzle.check(true)) : null;
	return out;
}

var lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", function (line) {
	if (!line.trim()) return;
	var out;
	try {
		out = run(JSON.parse(line));
	} catch (err) {
		out = { error: String(err && err.stack ? err.stack : err) };
	}
	process.stdout.write(JSON.stringify(out) + "\n");
});
