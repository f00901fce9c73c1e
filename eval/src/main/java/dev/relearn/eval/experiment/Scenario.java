package dev.relearn.eval.experiment;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** What a learning experiment simulates. */
public enum Scenario {
  /** Feedback on train queries; evaluated on the unseen test queries. */
  GENERALISATION,
  /**
   * Feedback on part of the sessions of the test queries; evaluated on the other sessions of the
   * same queries, as when an IDE or agent asks the same things again.
   */
  REPEATED,
  /** Clicks and outcomes independent of relevance, on train queries; must do no harm. */
  NOISE,
  /** After the train feedback, one session spams clicks on one irrelevant chunk. */
  ATTACK,
  /**
   * The train sessions of {@link #GENERALISATION}, each by the noise user with probability {@link
   * LearnConfig#MIXED_NOISE_SHARE} (seeded per session) and by the simulated user otherwise;
   * evaluated on the test queries.
   */
  MIXED;

  /** The lower-case name used on the command line and in JSON. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The scenario named {@code label}, ignoring case.
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones
   */
  public static Scenario fromLabel(String label) {
    for (Scenario scenario : values()) {
      if (scenario.label().equalsIgnoreCase(label.strip())) {
        return scenario;
      }
    }
    List<String> labels = Arrays.stream(values()).map(Scenario::label).toList();
    throw new IllegalArgumentException("unknown scenario '" + label + "'; expected "
        + String.join(", ", labels.subList(0, labels.size() - 1)) + " or "
        + labels.get(labels.size() - 1));
  }
}
