#!/usr/bin/env python3
"""Parses an email message with Python's own `email` package and prints what it found as JSON.

Usage: mime_check.py FILE...   (- for standard input); one JSON object, or a list for several files
       mime_check.py --serve      reads a JSON list of files per line and answers each with one
                                  line: {"results": [...]} or {"error": "..."}

The Swift tests run this to check the messages `setlist share` writes with a real MIME parser:
every header decoded, every defect the parser noticed, each part's type, file name and decoded
bytes, and raw facts about the file (CRLF line ends, line lengths, ASCII only).
"""
import base64
import email
import email.header
import email.policy
import email.utils
import hashlib
import json
import re
import sys

ENCODED_WORD = re.compile(r"=\?([^?]+)\?([QqBb])\?([^?]*)\?=")


def raw_facts(raw: bytes) -> dict:
    lines = raw.split(b"\r\n")
    return {
        "ascii_only": all(b < 0x80 for b in raw),
        "bare_lf": raw.replace(b"\r\n", b"").count(b"\n"),
        "bare_cr": raw.replace(b"\r\n", b"").count(b"\r"),
        "ends_with_crlf": raw.endswith(b"\r\n"),
        "max_line": max(len(line) for line in lines),
        "header_block": raw.split(b"\r\n\r\n", 1)[0].decode("ascii", "replace"),
        "bad_encoded_words": bad_encoded_words(raw.split(b"\r\n\r\n", 1)[0].decode("ascii", "replace")),
    }


def bad_encoded_words(header_block: str) -> list:
    """Encoded words that are too long or do not hold whole UTF-8 characters on their own."""
    bad = []
    for match in ENCODED_WORD.finditer(header_block):
        word, charset, kind, text = match.group(0), match.group(1), match.group(2).upper(), match.group(3)
        try:
            if kind == "B":
                data = base64.b64decode(text, validate=True)
            else:
                data = re.sub(rb"=([0-9A-F]{2})", lambda m: bytes([int(m.group(1), 16)]), text.replace("_", " ").encode("ascii"))
            data.decode(charset, "strict")
        except (ValueError, LookupError) as error:
            bad.append(f"{word}: {error}")
            continue
        if len(word) > 75:
            bad.append(f"{word}: {len(word)} characters")
    return bad


def mailboxes(raw_values) -> list:
    """The mailboxes of an address header, display names decoded as RFC 2047 section 6.2 says:
    white space between adjacent encoded words is dropped. (The address parser of Python's
    default policy keeps it, so "=?utf-8?Q?ab?= =?utf-8?Q?cd?=" would come out as "ab cd".)"""
    result = []
    for name, address in email.utils.getaddresses(raw_values or []):
        decoded = str(email.header.make_header(email.header.decode_header(name))) if "=?" in name else name
        result.append({"name": decoded, "address": address})
    return result


def part_info(part) -> dict:
    payload = part.get_payload(decode=True) or b""
    raw_payload = part.get_payload(decode=False)
    encoded_lines = [line for line in raw_payload.split("\r\n") if line] if isinstance(raw_payload, str) else []
    info = {
        "content_type": part.get_content_type(),
        "charset": part.get_content_charset(),
        "disposition": part.get_content_disposition(),
        "filename": part.get_filename(),
        "type_name": part.get_param("name"),
        "transfer_encoding": part.get("Content-Transfer-Encoding"),
        "size": len(payload),
        "sha256": hashlib.sha256(payload).hexdigest(),
        "data_base64": base64.b64encode(payload).decode("ascii"),
        "encoded_line_lengths": sorted(set(len(line) for line in encoded_lines[:-1])),
        "last_encoded_line_length": len(encoded_lines[-1]) if encoded_lines else 0,
        "headers": [[k, str(v)] for k, v in part.items()],
        "defects": [repr(d) for d in part.defects],
    }
    if part.get_content_maintype() == "text":
        # Text line ends are CRLF in MIME's canonical form; give them as "\n".
        info["text"] = part.get_content().replace("\r\n", "\n")
    return info


def main() -> None:
    if sys.argv[1:] == ["--serve"]:
        serve()
        return
    results = [check(path) for path in sys.argv[1:]]
    print(json.dumps(results[0] if len(results) == 1 else results, ensure_ascii=False, indent=1))


def serve() -> None:
    """Answers requests until standard input ends, so a test run starts Python once, not per message."""
    for line in sys.stdin:
        try:
            answer = {"results": [check(path) for path in json.loads(line)]}
        except Exception as error:  # reported to the test, which fails with it
            answer = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
        sys.stdout.flush()


def check(path: str) -> dict:
    raw = sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()
    message = email.message_from_bytes(raw, policy=email.policy.default)
    raw_message = email.message_from_bytes(raw, policy=email.policy.compat32)
    defects = [repr(d) for d in message.defects]
    headers = {}
    for key, value in message.items():
        headers.setdefault(key.lower(), []).append(str(value))
        defects += [f"{key}: {d!r}" for d in getattr(value, "defects", ())]
    parts = []
    for part in message.walk():
        if part.is_multipart():
            defects += [repr(d) for d in part.defects if part is not message]
            continue
        parts.append(part_info(part))
        for key, value in part.items():
            defects += [f"{key}: {d!r}" for d in getattr(value, "defects", ())]
    date = message["Date"]
    return {
        "raw": raw_facts(raw),
        "header_names": [key for key, _ in message.items()],
        "headers": headers,
        "from": mailboxes(raw_message.get_all("From")),
        "to": mailboxes(raw_message.get_all("To")),
        "to_addresses": [a.addr_spec for a in message["To"].addresses] if message["To"] is not None else [],
        "date_utc": date.datetime.timestamp() if date is not None and date.datetime else None,
        "content_type": message.get_content_type(),
        "boundary": message.get_boundary(),
        "defects": defects,
        "parts": parts,
    }


if __name__ == "__main__":
    main()
