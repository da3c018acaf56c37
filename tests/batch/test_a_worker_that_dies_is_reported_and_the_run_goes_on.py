"""A worker process that dies (here by the test-only exit hook, as a kill or an out-of-memory
would end it) is reported on the puzzle it was solving, as ``error`` with a message, and every
other puzzle still gets its verdict; the pool is renewed and the run goes on."""

from __future__ import annotations

from batch_support import janko, json_lines, pencilsat, results, tdoku, write_batch

from pencilsat.batch.shards import EXIT_HOOK


def test_the_puzzle_that_kills_its_worker_is_an_error_and_the_others_are_solved(tmp_path):
    lines = [*janko("masyu", 30, 11), *tdoku("unique", 5), *janko("lightup", 30, 13)]
    killer = lines[12]
    batch = write_batch(tmp_path, lines)
    alone = pencilsat("solve", "--batch", str(batch), "--workers", "1",
                      env={EXIT_HOOK: killer})  # the hook acts in worker processes only
    dying = pencilsat("solve", "--batch", str(batch), "--workers", "2",
                      env={EXIT_HOOK: killer})
    assert alone.returncode == 0, alone.stderr
    assert dying.returncode == 5, dying.stderr  # an error fails the run by default
    assert "Traceback" not in dying.stderr
    records = json_lines(dying.stdout)
    assert [r["line"] for r in records] == list(range(1, len(lines) + 1))
    [dead] = [r for r in records if r["verdict"] == "error"]
    assert dead["input"] == killer
    assert "worker process solving this puzzle died" in dead["message"]
    assert dead["message"].startswith(f"{batch}, line 13: ")
    others = [r for r in results(records) if r["input"] != killer]
    assert others == [r for r in results(json_lines(alone.stdout)) if r["input"] != killer]
    assert "1 error" in dying.stderr
