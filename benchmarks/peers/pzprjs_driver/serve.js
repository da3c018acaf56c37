// The drivers' loop: one JSON request per line of standard input, one JSON answer per line of
// standard output, from `answer(request)`; an exception becomes {"error": <its stack>}.
"use strict";

var readline = require("readline");

exports.serve = function (answer) {
	var lines = readline.createInterface({ input: process.stdin, terminal: false });
	lines.on("line", function (line) {
		if (!line.trim()) return;
		var out;
		try {
			out = answer(JSON.parse(line));
		} catch (err) {
			out = { error: String(err && err.stack ? err.stack : err) };
		}
		process.stdout.write(JSON.stringify(out) + "\n");
	});
};
