#!/usr/bin/env python3
"""A real SMTP server for tests: aiosmtpd on 127.0.0.1:PORT, writing each message it accepts to
DIR/<n>.eml. Runs until SIGTERM or SIGINT.

    scripts/smtp-sink.py PORT DIR
"""
import asyncio, itertools, os, signal, sys

from aiosmtpd.controller import Controller


class SaveToDirectory:
    def __init__(self, directory):
        self.directory = directory
        self.counter = itertools.count(len(os.listdir(directory)) + 1)

    async def handle_DATA(self, server, session, envelope):
        path = os.path.join(self.directory, f"{next(self.counter):04d}.eml")
        with open(path + ".tmp", "wb") as f:
            f.write(envelope.original_content or envelope.content)
        os.rename(path + ".tmp", path)  # whole files only, for readers polling the folder
        return "250 Message accepted for delivery"


def main():
    port, directory = int(sys.argv[1]), sys.argv[2]
    os.makedirs(directory, exist_ok=True)
    controller = Controller(SaveToDirectory(directory), hostname="127.0.0.1", port=port)
    controller.start()
    print(f"smtp sink on 127.0.0.1:{port}, writing to {directory}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.new_event_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    loop.run_until_complete(stop.wait())
    controller.stop()


if __name__ == "__main__":
    main()
