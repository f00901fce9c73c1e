package dev.relearn.feedback.store;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Makes concurrent records of one event id happen once: the first caller records; a caller that
 * arrives meanwhile waits for the first one's outcome and is acknowledged as a duplicate only
 * once the event is durable. If the first attempt fails, nothing was stored, and the waiting
 * caller tries itself.
 */
final class InFlightEvents {
  /** One recording attempt. */
  @FunctionalInterface
  interface Attempt<T> {
    T run() throws IOException;
  }

  private final Map<String, CompletableFuture<Void>> running = new ConcurrentHashMap<>();

  /**
   * Records {@code eventId} once.
   *
   * @param stored whether the id is already stored (checked before every attempt)
   * @param duplicate the answer for a duplicate
   * @param attempt records the event; runs at most once per call
   */
  <T> T once(String eventId, Predicate<String> stored, T duplicate, Attempt<T> attempt)
      throws IOException {
    while (true) {
      if (stored.test(eventId)) {
        return duplicate;
      }
      CompletableFuture<Void> mine = new CompletableFuture<>();
      CompletableFuture<Void> earlier = running.putIfAbsent(eventId, mine);
      if (earlier == null) {
        try {
          T result = attempt.run();
          mine.complete(null);
          return result;
        } catch (IOException | RuntimeException | Error e) {
          mine.completeExceptionally(e);
          throw e;
        } finally {
          running.remove(eventId, mine);
        }
      }
      try {
        earlier.join();
        return duplicate;
      } catch (CompletionException | CancellationException e) {
        continue; // the earlier attempt stored nothing: try again ourselves
      }
    }
  }
}
