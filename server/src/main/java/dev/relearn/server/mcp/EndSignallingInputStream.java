package dev.relearn.server.mcp;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * An input stream that runs a callback once, when it reaches its end or fails: how the server
 * learns that the client closed stdin (the SDK's stdio transport has no such hook).
 */
final class EndSignallingInputStream extends FilterInputStream {
  private final Runnable onEnd;
  private boolean ended;

  EndSignallingInputStream(InputStream in, Runnable onEnd) {
    super(in);
    this.onEnd = onEnd;
  }

  @Override
  public int read() throws IOException {
    try {
      int b = super.read();
      if (b < 0) {
        end();
      }
      return b;
    } catch (IOException e) {
      end();
      throw e;
    }
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    try {
      int n = super.read(buffer, offset, length);
      if (n < 0) {
        end();
      }
      return n;
    } catch (IOException e) {
      end();
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    try {
      super.close();
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
}
