package dev.relearn.feedback.store;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.apache.lucene.util.IOSupplier;

/**
 * Makes concurrent records of one event id happen once: a caller arriving meanwhile waits for the
 * first one's outcome (a duplicate once durable, or, if it failed, tries itself).
 */
final class InFlightEvents {
  private final Map<String, CompletableFuture<Void>> running = new ConcurrentHashMap<>();

  /**
   * Records {@code eventId} once: {@code attempt} at most once per call, unless {@code stored}
   * (checked before every attempt, again once it is this call's to make), when the answer is
   * {@code duplicate}.
   */
  <T> T once(String eventId, Predicate<String> stored, T duplicate, IOSupplier<T> attempt)
      throws IOException {
    while (true) {
      if (stored.test(eventId)) {
        return duplicate;
      }
      CompletableFuture<Void> mine = new CompletableFuture<>();
      CompletableFuture<Void> earlier = running.putIfAbsent(eventId, mine);
      if (earlier == null) {
        try {
          if (stored.test(eventId)) { // an attempt that ended since the check above stored it
            mine.complete(null);
            return duplicate;
          }
          T result = attempt.get();
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
