package dev.relearn.engine.weights;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The ids of the newest ratings {@link AdaptiveWeights} applied, so that a rating retried with the
 * same id counts once. Not thread-safe: guarded by the enclosing {@code AdaptiveWeights}.
 */
final class AppliedRatings {
  /** A rating id: 1 to 64 letters, digits, '-' or '_' (so that it fits a line of the file). */
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  private final int capacity;
  private final LinkedHashSet<String> ids = new LinkedHashSet<>(); // oldest first

  /** Keeps the newest {@code capacity} ids. */
  AppliedRatings(int capacity) {
    this.capacity = capacity;
  }

  /** {@code id}, if a well-formed rating id; else an {@link IllegalArgumentException} names it. */
  static String check(String id) {
    if (id == null || !ID.matcher(id).matches()) {
      throw new IllegalArgumentException(
          "rating id must be 1 to 64 letters, digits, '-' or '_', got: " + id);
    }
    return id;
  }

  /** Adds {@code id}, dropping the oldest beyond the capacity; false if it was there already. */
  boolean add(String id) {
    if (!ids.add(id)) {
      return false;
    }
    if (ids.size() > capacity) {
      ids.removeFirst();
    }
    return true;
  }

  /** Forgets every id. */
  void clear() {
    ids.clear();
  }

  /** The ids, oldest first. */
  List<String> ids() {
    return List.copyOf(ids);
  }
}
