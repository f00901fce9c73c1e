package dev.relearn.engine;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * Who holds an index's write lock: its label ({@link RelearnOptions#lockHolder()}), process id
 * and since when, as messages name it: {@code relearn index, pid 42, since 2025-01-31 09:15:02}.
 */
public record IndexHolder(String label, long pid, Instant since) {
  private static final DateTimeFormatter SHOWN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

  /** Checks the fields. */
  public IndexHolder {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(since, "since");
    if (label.isBlank()) {
      throw new IllegalArgumentException("label must not be blank");
    }
    if (pid <= 0) {
      throw new IllegalArgumentException("pid must be positive, got: " + pid);
    }
  }

  @Override
  public String toString() {
    return label + ", pid " + pid + ", since "
        + SHOWN.format(since.truncatedTo(ChronoUnit.SECONDS));
  }
}
