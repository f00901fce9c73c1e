package dev.relearn.eval.experiment;

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
  ATTACK;

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
    throw new IllegalArgumentException("unknown scenario '" + label
        + "'; expected generalisation, repeated, noise or attack");
  }
}
