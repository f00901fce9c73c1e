package dev.relearn.feedback.log;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Random;

/**
 * The child process of {@link TranslogCrashTest}: appends records in REQUEST mode until it is
 * killed, printing {@code ACK <seq> <id> END} after each append has returned.
 */
public final class TranslogCrashChild {
  private TranslogCrashChild() {}

  /** The payload of record {@code id}: the id, a colon, then {@code filler} seeded bytes. */
  static byte[] payload(String id, int filler, Random random) {
    byte[] head = (id + ":").getBytes(UTF_8);
    byte[] payload = new byte[head.length + filler];
    System.arraycopy(head, 0, payload, 0, head.length);
    for (int i = head.length; i < payload.length; i++) {
      payload[i] = (byte) random.nextInt(256);
    }
    return payload;
  }

  /**
   * Arguments: the log folder and the round number (which seeds the payload sizes).
   *
   * @throws IOException if the log fails: the parent then sees the stack trace in its error file
   */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    int round = Integer.parseInt(args[1]);
    Random random = new Random(round);
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, UTF_8);
    try (Translog log = Translog.open(dir)) {
      for (int i = 0; i < 10_000_000; i++) {
        String id = "r" + round + "-" + i;
        long seq = log.append(payload(id, random.nextInt(4000), random));
        out.print("ACK " + seq + " " + id + " END\n");
        out.flush();
      }
    }
  }
}
