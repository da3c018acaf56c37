"""The records file: written in whole lines, read back to resume a stopped run.

Each batch of records is one ``write`` of whole lines (or a worker's block file copied in),
flushed at once, so a run stopped in any way (Ctrl-C, SIGKILL, a closed terminal) leaves
whole records and at most one torn last line, never a record that is half of another.
``--resume`` reads the file back, checks that each record belongs
to this input, cuts a torn last line off (only then, and only one that starts as a record
does), and the run appends the records still missing.

The writer counts the whole records that went out (``records_out``), so that a run stopped
mid-block says exactly how many it wrote. Called where a stop is deferred
(:func:`pencilsat.core.stops.stops_deferred`), it still lets Ctrl-C or SIGTERM through while
it waits for a pipe or terminal to take more: it writes there a pipe's atomic size
(``PIPE_BUF``) at a time, once ``poll`` says it fits, and waits outside the deferral.
"""

from __future__ import annotations

import json
import os
import select
import stat
import sys
from collections.abc import Iterator, Sequence
from functools import partial
from typing import IO

from pencilsat.batch.inputs import BatchItem
from pencilsat.batch.records import SCHEMA, BatchRecord
from pencilsat.core.errors import InputError
from pencilsat.core.fd_wait import wait_writable
from pencilsat.core.stops import wait_allowing_stops

_SENDFILE = sys.platform == "linux"
"""Whether ``os.sendfile`` copies from file to file (Linux; macOS's wants a socket)."""
PIPE_CHUNK = getattr(select, "PIPE_BUF", 512)
"""Bytes written to a pipe or terminal at once: a write that size never blocks once
``poll`` says the output can take data, so it is never cut by a signal."""


class OutputClosed(Exception):
    """The records' output is a pipe whose reader has left (``--out /dev/stdout | head``):
    the records after it cannot be written anywhere. ``records``: the whole records of the
    write under way that went out before it closed."""

    def __init__(self, where: str, records: int) -> None:
        super().__init__(where)
        self.where = where
        self.records = records

    def said(self, written: int) -> str:
        """The line a run stopped by it ends with, ``written`` records having gone out."""
        return (f"pencilsat: {self.where} was closed by its reader after {written} "
                f"record{'' if written == 1 else 's'}; the run stopped, the rest not written")


class RecordWriter:
    """Records out to ``path`` (appended to when ``append``), or to ``stream`` (stdout):
    through its file descriptor when it has one, so that a reader who leaves midway is
    told of with the whole records that went out (``OutputClosed``)."""

    def __init__(self, path: str | None = None, *, append: bool = False,
                 stream: IO[str] | None = None) -> None:
        self._stream = stream
        self._path = path
        self._where = path if path is not None else "standard output"
        self._fd: int | None = None
        self._in_kernel = _SENDFILE
        """Whether ``copy_file`` tries the kernel's copy (until it is refused once)."""
        self.records_out = 0
        """Whole records written so far."""
        self._regular = True
        """Whether the output is a regular file (its writes never wait for a reader)."""
        if path is None:
            self._fd = _descriptor(stream)
            self._regular = _regular_file(self._fd)
            return
        flags = os.O_WRONLY | os.O_CREAT | (0 if append else os.O_TRUNC)
        try:  # appended to from its end, not with O_APPEND, which sendfile refuses
            self._fd = os.open(path, flags, 0o644)
            if append:  # (a file to resume: read back, so a file that seeks)
                os.lseek(self._fd, 0, os.SEEK_END)
            self._regular = _regular_file(self._fd)
        except OSError as err:
            raise InputError(f"--out {path}: cannot write the records: "
                             f"{err.strerror or err}", hint="choose another path") from None

    def write(self, record: BatchRecord) -> None:
        """One record as one line, out of this process before the next is written."""
        self.write_many([record])

    def write_many(self, records: Sequence[BatchRecord]) -> None:
        """Whole lines, one ``write`` for all (a shard's records: one system call, not one
        per record, which cost the main process 0.3 s on Royle's 49,158 lines); a stop
        midway still leaves whole records and at most one torn last line."""
        self.write_bytes("".join(record.json_text + "\n" for record in records).encode())

    def write_bytes(self, data: bytes) -> None:
        """Whole lines already encoded (a worker's block of records), as ``write_many``."""
        if self._fd is None:
            self._to_stream(data.decode())
            self.records_out += data.count(b"\n")
            return
        sent, fd = 0, self._fd
        try:
            if self._regular:  # a short write (a full disk) goes on where it stopped
                sent = os.write(fd, data)
                if sent < len(data):
                    view = memoryview(data)
                    while sent < len(data):
                        sent += os.write(fd, view[sent:])
            else:
                view, writable = memoryview(data), partial(wait_writable, fd)
                while sent < len(data):  # a stop while the reader is slow: raised here
                    wait_allowing_stops(writable)
                    sent += os.write(fd, view[sent:sent + PIPE_CHUNK])
        except BrokenPipeError:
            self.records_out += data.count(b"\n", 0, sent)
            raise OutputClosed(self._where, data.count(b"\n", 0, sent)) from None
        except OSError as err:
            self.records_out += data.count(b"\n", 0, sent)
            raise self._named(err) from None
        except BaseException:  # a stop while waiting: the whole records out are counted
            self.records_out += data.count(b"\n", 0, sent)
            raise
        self.records_out += data.count(b"\n")

    def _to_stream(self, text: str) -> None:
        """``text`` to a stream without a file descriptor (a test's ``StringIO``)."""
        assert self._stream is not None
        try:
            self._stream.write(text)
            self._stream.flush()
        except BrokenPipeError:
            raise OutputClosed(self._where, 0) from None

    def copy_file(self, path: str, size: int, records: int | None = None) -> None:
        """The ``size`` bytes of whole lines in the file ``path`` (a worker's block), as
        ``write_bytes``: on Linux copied inside the kernel into the records file, without
        passing through this process (to a regular file; elsewhere, or where the kernel
        refuses: read and written). ``records``: how many the file holds, when known (else
        counted)."""
        with open(path, "rb") as source:
            sent = 0
            try:
                if self._fd is not None and self._in_kernel and self._regular:
                    try:
                        while sent < size:
                            copied = os.sendfile(self._fd, source.fileno(), sent, size - sent)
                            if copied == 0:
                                break
                            sent += copied
                    except BrokenPipeError:
                        raise OutputClosed(self._where, 0) from None
                    except OSError as err:
                        if sent:
                            self.records_out += _lines_in(source, sent)
                            raise self._named(err) from None  # a full disk: as write_bytes
                        self._in_kernel = False
                    if sent == size and records is not None:
                        self.records_out += records
                    else:
                        self.records_out += _lines_in(source, sent)
                if sent < size:
                    source.seek(sent)
                    self.write_bytes(source.read(size - sent))
            except OutputClosed as closed:  # add the lines the kernel copied before
                source.seek(0)
                raise OutputClosed(self._where,
                                   closed.records + source.read(sent).count(b"\n")) from None

    def _named(self, err: OSError) -> OSError:
        """``err`` naming the records file, so that the message says which output failed."""
        return OSError(err.errno, err.strerror, self._path)

    def close(self) -> None:
        if self._fd is not None and self._path is not None:  # standard output stays open
            os.close(self._fd)
        self._fd = None


def _regular_file(fd: int | None) -> bool:
    """Whether ``fd`` is a regular file (``None``: a stream without one, never waits)."""
    if fd is None:
        return True
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode)
    except OSError:
        return False


def _lines_in(source: IO[bytes], size: int) -> int:
    """The newlines in the first ``size`` bytes of ``source``."""
    source.seek(0)
    return source.read(size).count(b"\n")


def _descriptor(stream: IO[str] | None) -> int | None:
    """The file descriptor of ``stream``, flushed (``None``: it has none, or it is closed)."""
    if stream is None:
        return None
    try:
        stream.flush()
        return stream.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both
        return None


def read_back(path: str, items: Sequence[BatchItem], grading: bool) -> Iterator[BatchRecord]:
    """The records ``path`` already holds; an InputError when a record is not one of this
    run's (another input, schema or command). A torn last line is cut off once every line
    before it was read as a record of this run: a file that is not (a user's notes given as
    ``--out`` by mistake) is refused as it was, not one line shorter."""
    if not os.path.exists(path):
        return
    end = _records_end(path)
    inputs = {item.line: item.input for item in items}
    command = "grade" if grading else "solve"
    with open(path, "rb") as fh:
        for number, raw in enumerate(fh, start=1):
            if fh.tell() > end:  # (binary lines: tell() follows them) the torn one
                break
            where = f"--out {path}, line {number}"
            try:
                data = json.loads(raw)
            except ValueError:
                raise InputError(f"{where} is not a pencilsat record",
                                 hint="give --out a records file of this batch, or leave "
                                      "--resume out to start it anew") from None
            if not isinstance(data, dict) or data.get("schema") != SCHEMA:
                raise InputError(f"{where} is not a schema-{SCHEMA} pencilsat record",
                                 hint="resume a file written by this version, or start anew")
            if ("grade" in data) != grading:
                other = "solve" if grading else "grade"
                raise InputError(f"{where} is a record of 'pencilsat {other} --batch'",
                                 hint=f"resume it with {other}, or give {command} another "
                                      "--out file")
            line = data.get("line")
            if not isinstance(line, int) or inputs.get(line) != data.get("input"):
                raise InputError(
                    f"{where} is the record of {data.get('input')!r} at input line "
                    f"{data.get('line')}, which this input does not have there",
                    hint="resume with the batch file the records were written for, or leave "
                         "--resume out to start anew")
            yield BatchRecord.from_dict(data)
    if end < os.path.getsize(path):
        os.truncate(path, end)


_RECORD_START = b'{"schema":'
"""How every record line starts: a torn last line starts so too (or is a piece of it)."""


def foreign_file(path: str) -> bool:
    """Whether ``path`` is a regular file, not empty, that does not start as a records file
    does (a user's list or notes, or the list a pipe reads): ``--out`` without ``--resume``
    would replace it. An old records file (or one torn in its first line) is not foreign."""
    try:
        if not os.path.isfile(path):  # absent, or /dev/stdout, a pipe: written as ever
            return False
        with open(path, "rb") as fh:
            start = fh.read(len(_RECORD_START))
    except OSError:  # unreadable: opening it for writing says why, as before
        return False
    return bool(start) and start != _RECORD_START[:len(start)]


def _records_end(path: str) -> int:
    """Where the file's whole records end: before its last line when that line is torn (no
    newline, or not JSON: what a run killed mid-write can leave) and starts as a record
    does; the file's size otherwise (a line that is not a record is then refused)."""
    with open(path, "rb") as fh:
        size = fh.seek(0, os.SEEK_END)
        if size == 0:
            return 0
        start = _last_line_start(fh, size)
        fh.seek(start)
        last = fh.read()
    if last.endswith(b"\n"):
        try:
            json.loads(last)
            return size
        except ValueError:
            pass
    looks_ours = last[:len(_RECORD_START)] == _RECORD_START[:len(last)]
    return start if looks_ours else size


def _last_line_start(fh: IO[bytes], size: int, block: int = 1 << 16) -> int:
    """Where the file's last line starts (a newline at the very end ends that line), read
    backwards a block at a time: a records file may be far larger than memory."""
    end = size - 1  # the last byte may be the last line's own newline
    while end > 0:
        start = max(0, end - block)
        fh.seek(start)
        found = fh.read(end - start).rfind(b"\n")
        if found >= 0:
            return start + found + 1
        end = start
    return 0
