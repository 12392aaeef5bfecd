#!/usr/bin/env python3
"""An SMTP server on 127.0.0.1 that keeps every message it receives, for the delivery test.

Usage: smtp_sink.py FOLDER

Listens on a free port of 127.0.0.1 only and prints that port on the first line of standard
output. Each message is saved as FOLDER/N.eml (the data as received, CRLF line ends) with
FOLDER/N.json beside it ({"mail_from": ..., "rcpt_tos": [...]}), the .json written last so a
reader that sees it finds the whole message. Runs until it is terminated, its parent process ends,
or ten minutes have passed, so a test that dies cannot leave it behind for long.
"""
import asyncio
import json
import os
import signal
import sys

from aiosmtpd.smtp import SMTP


class Keeper:
    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        base = os.path.join(self.folder, str(self.count))
        with open(base + ".eml", "wb") as file:
            file.write(envelope.original_content or envelope.content)
        with open(base + ".json.tmp", "w") as file:
            json.dump({"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos}, file)
        os.rename(base + ".json.tmp", base + ".json")
        return "250 Message accepted"


async def main(folder: str) -> None:
    # A parent may start us with SIGTERM blocked (Foundation's Process does); we must hear it.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    loop = asyncio.get_running_loop()
    keeper = Keeper(folder)
    server = await loop.create_server(lambda: SMTP(keeper, hostname="sink.localhost"), "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    stop = loop.create_future()
    loop.add_signal_handler(signal.SIGTERM, lambda: stop.done() or stop.set_result(None))
    parent = os.getppid()
    deadline = loop.time() + 600
    while not stop.done() and os.getppid() == parent and loop.time() < deadline:
        await asyncio.wait([stop], timeout=0.5)
    server.close()
    await server.wait_closed()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
