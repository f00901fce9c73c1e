package dev.relearn.engine.feedback;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.Relearn;
import dev.relearn.feedback.store.FeedbackAck;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The process {@link FeedbackCrashTest} kills: opens the engine read-write and records feedback
 * in a loop until it is killed, while a second thread checkpoints the store at random moments (so
 * that kills also land inside a checkpoint, not only between appends).
 *
 * <p>Arguments: the index folder, a file with one chunk id per line, the first new event number,
 * a comma-separated list of earlier event numbers to send again (may be empty), and a seed.
 *
 * <p>Protocol on stdout, one line per write, flushed: {@code SEND e-<n> <millis>} before each
 * {@code feedback()} call and {@code ACK e-<n> <duplicate> <millis>} after it returns, the millis
 * read from the system clock (the clock the engine stamps events with). A failure ends the process
 * with a stack trace on stderr and a non-zero exit code.
 */
public final class FeedbackCrashChild {
  /** Every seventh event (from the fourth on) sends an earlier id again while any are left. */
  static final int RESEND_EVERY = 7;
  /** A bound on the loop, far above what fits between start and kill. */
  private static final int MAX_EVENTS = 1_000_000;

  private FeedbackCrashChild() {}

  /** The event id of event number {@code n}. */
  static String eventId(long n) {
    return "e-" + n;
  }

  /** The event number in an event id. */
  static long number(String eventId) {
    if (!eventId.startsWith("e-")) {
      throw new IllegalArgumentException("not a crash-test event id: " + eventId);
    }
    return Long.parseLong(eventId.substring(2));
  }

  /**
   * Event number {@code n}'s request: the same for every process. Four sessions are active at a
   * time and are replaced every 64 events, so the per-session caps bind only sometimes and the
   * recomputed aggregates stay sensitive to every single event.
   */
  static FeedbackRequest request(long n, List<String> chunkIds) {
    Random random = new Random(0x5EED_0000L ^ n);
    String session = "s" + (n % 4) + "." + (n / 64);
    return FeedbackScenario.request(random, eventId(n), session, chunkIds);
  }

  /** Runs until killed; see the class comment. */
  public static void main(String[] args) throws Exception {
    Path index = Path.of(args[0]);
    List<String> chunkIds = Files.readAllLines(Path.of(args[1]));
    long first = Long.parseLong(args[2]);
    List<Long> resends = new ArrayList<>();
    for (String n : args[3].split(",")) {
      if (!n.isBlank()) {
        resends.add(Long.parseLong(n));
      }
    }
    Random random = new Random(Long.parseLong(args[4]));
    PrintStream out = System.out;
    try (Relearn relearn = Relearn.open(index, FeedbackScenario.HASHING)) {
      Thread checkpointer = new Thread(() -> checkpointForever(relearn, random.nextLong()),
          "crash-child-checkpointer");
      checkpointer.setDaemon(true);
      checkpointer.start();
      long next = first;
      int resent = 0;
      for (int i = 0; i < MAX_EVENTS; i++) {
        long n = i % RESEND_EVERY == 3 && resent < resends.size() ? resends.get(resent++) : next++;
        FeedbackRequest request = request(n, chunkIds);
        out.println("SEND " + eventId(n) + " " + System.currentTimeMillis());
        out.flush();
        FeedbackAck ack = relearn.feedback(request);
        long acked = System.currentTimeMillis();
        out.println("ACK " + ack.eventId() + " " + ack.duplicate() + " " + acked);
        out.flush();
      }
    }
    throw new IllegalStateException("recorded " + MAX_EVENTS + " events without being killed");
  }

  private static void checkpointForever(Relearn relearn, long seed) {
    Random random = new Random(seed);
    try {
      while (true) {
        Thread.sleep(50 + random.nextInt(250));
        relearn.feedbackStore().checkpoint();
      }
    } catch (Throwable e) {
      System.err.println("checkpoint thread failed:");
      e.printStackTrace();
      System.err.flush();
      Runtime.getRuntime().halt(3); // the parent sees the child die before its kill
    }
  }
}
