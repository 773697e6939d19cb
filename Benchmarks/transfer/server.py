#!/usr/bin/env python3
"""The transfer benchmark's server, in its own process so the client's memory is measured alone.

GET /download?size=N  sends N bytes (1 MiB blocks) with Content-Length, Accept-Ranges and a strong ETag, and
                      honours `Range: bytes=A-B` (206) unless `ranges=0` is in the query (then always 200).
PUT|POST /upload      reads the body in 1 MiB blocks, discards it and answers {"received": N}.
Prints the port on stdout, then serves until killed.
"""
import http.server
import json
import sys
import urllib.parse

BLOCK = bytes(range(256)) * 4096  # 1 MiB


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        query = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query)
        size = int(query.get("size", ["0"])[0])
        honours_ranges = query.get("ranges", ["1"])[0] != "0"
        etag = '"bench-%d"' % size
        start, end = 0, size - 1
        requested = self.headers.get("Range", "")
        partial = honours_ranges and requested.startswith("bytes=") and self.headers.get("If-Range", etag) == etag
        if partial:
            first, _, last = requested[len("bytes="):].partition("-")
            start = int(first)
            end = min(int(last), size - 1) if last else size - 1
        self.send_response(206 if partial else 200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(end - start + 1))
        if partial:
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, end, size))
        if honours_ranges:
            self.send_header("Accept-Ranges", "bytes")
        self.send_header("ETag", etag)
        self.send_header("Connection", "close")
        self.end_headers()
        remaining = end - start + 1
        while remaining > 0:
            block = BLOCK if remaining >= len(BLOCK) else BLOCK[:remaining]
            self.wfile.write(block)
            remaining -= len(block)

    def do_PUT(self):
        length = int(self.headers.get("Content-Length", "0"))
        received = 0
        while received < length:
            chunk = self.rfile.read(min(len(BLOCK), length - received))
            if not chunk:
                break
            received += len(chunk)
        body = json.dumps({"received": received}).encode()
        self.send_response(201)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_PUT  # multipart uploads: the same counting


if __name__ == "__main__":
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    sys.stdout.close()
    server.serve_forever()
