package dev.relearn.server.mcp;

import dev.relearn.server.text.StrictUtf8;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The client's input as the SDK reads it: whole JSON-RPC lines, minus those this filter answers
 * itself ({@link RequestCheck}), since the SDK's stdio transport stops reading for good at the
 * first line it cannot parse. Blank lines are skipped; a last line gets its newline. At the end
 * of input it waits for the answers to the requests passed on ({@link PendingRequests}), then
 * reports the end to the SDK and, once, to a callback (also on a read failure or close). For one
 * reader thread.
 */
final class RequestLineFilter extends InputStream {
  /** The longest line read; a longer one is skipped and answered as an invalid request. */
  static final int MAX_LINE_BYTES = 64 << 20;
  private static final byte[] TOO_LONG = new byte[0];
  /** How long, after stdin ends, the requests already passed on may take to be answered. */
  static final int DRAIN_SECONDS = 10;

  private final InputStream in;
  private final RequestCheck checks;
  private final WholeLineOutput replies;
  private final PendingRequests pending;
  private final int maxLineBytes;
  private final Runnable onEnd;
  private boolean ended; // guarded by this
  private byte[] line = new byte[0];
  private int position;

  /**
   * Reads {@code in}; answers lines {@code checks} refuses on {@code replies}, counts requests in
   * {@code pending}.
   */
  RequestLineFilter(InputStream in, RequestCheck checks, WholeLineOutput replies,
      PendingRequests pending, int maxLineBytes, Runnable onEnd) {
    this.in = in;
    this.checks = checks;
    this.replies = replies;
    this.pending = pending;
    this.maxLineBytes = maxLineBytes;
    this.onEnd = onEnd;
  }

  @Override
  public int read() throws IOException {
    if (position == line.length && !nextLine()) {
      return -1;
    }
    return line[position++] & 0xff;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    if (length == 0) {
      return 0;
    }
    if (position == line.length && !nextLine()) {
      return -1;
    }
    int n = Math.min(length, line.length - position);
    System.arraycopy(line, position, buffer, offset, n);
    position += n;
    return n;
  }

  @Override
  public void close() throws IOException {
    try {
      in.close();
    } finally {
      end();
    }
  }

  private synchronized void end() {
    if (!ended) {
      ended = true;
      onEnd.run();
    }
  }

  /** Moves to the next line the SDK can parse, answering the others; false at the end. */
  private boolean nextLine() throws IOException {
    try {
      if (advance()) {
        return true;
      }
    } catch (IOException e) {
      end();
      throw e;
    }
    end();
    return false;
  }

  private boolean advance() throws IOException {
    while (true) {
      byte[] next = readLine();
      if (next == null) {
        awaitAnswers();
        return false;
      }
      if (next == TOO_LONG) {
        replies.writeLine(checks.bytes(checks.error(null, RequestCheck.INVALID_REQUEST,
            "Invalid Request: the line is longer than " + maxLineBytes + " bytes")));
        continue;
      }
      String text;
      try { // strict: overlong forms and encoded surrogates are refused too
        text = StrictUtf8.decode(next).strip();
      } catch (StrictUtf8.InvalidUtf8Exception e) { // JSON text is UTF-8
        replies.writeLine(checks.bytes(checks.error(null, RequestCheck.PARSE_ERROR,
            "Parse error: the line is " + e.getMessage())));
        continue;
      }
      if (text.isEmpty()) {
        continue;
      }
      RequestCheck.Checked checked = checks.check(text);
      if (checked.reply() != null) {
        replies.writeLine(checks.bytes(checked.reply()));
        continue;
      }
      if (checked.isRequest()) {
        pending.received();
      }
      line = next[next.length - 1] == '\n' ? next : Arrays.copyOf(next, next.length + 1);
      line[line.length - 1] = '\n'; // a last line without one is still a whole line
      position = 0;
      return true;
    }
  }

  /**
   * Holds back the end of input until the requests passed on are answered (at most {@link
   * #DRAIN_SECONDS}): the SDK drops unanswered ones as soon as it reads the end.
   */
  private void awaitAnswers() throws InterruptedIOException {
    try {
      if (!pending.awaitAnswered(DRAIN_SECONDS, TimeUnit.SECONDS)) {
        System.err.println("relearn: stdin closed; requests still unanswered after "
            + DRAIN_SECONDS + " s are dropped");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while answering the last requests");
    }
  }

  /** The next line with its newline, or null at the end of the input. */
  private byte[] readLine() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int b;
    long length = 0;
    while ((b = in.read()) >= 0) {
      if (++length > maxLineBytes) { // skipped to its end, then answered as too long
        if (b == '\n') {
          return TOO_LONG;
        }
        continue;
      }
      bytes.write(b);
      if (b == '\n') {
        return bytes.toByteArray();
      }
    }
    if (length > maxLineBytes) {
      return TOO_LONG;
    }
    return bytes.size() == 0 ? null : bytes.toByteArray();
  }
}
