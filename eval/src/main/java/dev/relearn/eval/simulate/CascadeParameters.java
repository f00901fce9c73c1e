package dev.relearn.eval.simulate;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * The parameters of a {@link CascadeModel}: for each relevance level, the probability that a
 * result is clicked and the probability that the user stops after clicking it. The presets are
 * the user types of the online learning-to-rank literature on five levels (Hofmann, Whiteson and
 * de Rijke, 2013; after Chuklin et al.'s click models): <i>perfect</i> clicks by relevance and
 * never stops, <i>navigational</i> rarely clicks the irrelevant and stops after a relevant
 * click, <i>informational</i> clicks much, including the irrelevant, and stops less.
 *
 * <p>A grade g of judgments whose highest grade is G is placed on level {@code round(g·(L−1)/G)}
 * of the L levels (grades of 0 or less on level 0, any relevant grade on level 1 at least). For
 * binary judgments the top level applies to every relevant result, which gives the binary
 * parameter sets of Hofmann et al. 2011: perfect (click 0.0 / 1.0, stop 0 / 0), navigational
 * (0.05 / 0.95, stop 0.2 / 0.9), informational (0.4 / 0.9, stop 0.1 / 0.5).
 *
 * @param name the preset's name, for reports
 * @param click P(click) per level, at least two levels, each in [0, 1]
 * @param stop P(stop | click) per level, as many as {@code click}, each in [0, 1]
 */
public record CascadeParameters(String name, double[] click, double[] stop) {
  /** Clicks exactly by relevance and never stops. */
  public static final CascadeParameters PERFECT = new CascadeParameters("perfect",
      new double[] {0.0, 0.2, 0.4, 0.8, 1.0}, new double[] {0.0, 0.0, 0.0, 0.0, 0.0});
  /** Looks for one good result: few irrelevant clicks, likely to stop after a relevant one. */
  public static final CascadeParameters NAVIGATIONAL = new CascadeParameters("navigational",
      new double[] {0.05, 0.3, 0.5, 0.7, 0.95}, new double[] {0.2, 0.3, 0.5, 0.7, 0.9});
  /** Gathers information: clicks much, irrelevant results too, and stops less. */
  public static final CascadeParameters INFORMATIONAL = new CascadeParameters("informational",
      new double[] {0.4, 0.6, 0.7, 0.8, 0.9}, new double[] {0.1, 0.2, 0.3, 0.4, 0.5});

  /** Validates and copies the arrays; messages name the bad value. */
  public CascadeParameters {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(click, "click");
    Objects.requireNonNull(stop, "stop");
    if (click.length < 2 || click.length != stop.length) {
      throw new IllegalArgumentException("click and stop need the same number of levels, at least"
          + " 2; got " + click.length + " and " + stop.length);
    }
    click = click.clone();
    stop = stop.clone();
    for (int level = 0; level < click.length; level++) {
      Probabilities.require("click probability of level " + level, click[level]);
      Probabilities.require("stop probability of level " + level, stop[level]);
    }
  }

  /**
   * The preset named {@code name}: perfect, navigational or informational.
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones
   */
  public static CascadeParameters preset(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "perfect" -> PERFECT;
      case "navigational" -> NAVIGATIONAL;
      case "informational" -> INFORMATIONAL;
      default -> throw new IllegalArgumentException("unknown cascade user '" + name
          + "'; expected perfect, navigational or informational");
    };
  }

  /** The level of {@code grade} for judgments whose highest grade is {@code maxGrade}. */
  public int level(int grade, int maxGrade) {
    if (maxGrade < 1) {
      throw new IllegalArgumentException("maxGrade must be at least 1, got: " + maxGrade);
    }
    if (grade <= 0) {
      return 0;
    }
    int top = click.length - 1;
    long level = Math.round((double) Math.min(grade, maxGrade) * top / maxGrade);
    return (int) Math.max(1, Math.min(top, level));
  }

  /** P(click) of a result of {@code grade}. */
  public double clickProbability(int grade, int maxGrade) {
    return click[level(grade, maxGrade)];
  }

  /** P(stop | click) of a result of {@code grade}. */
  public double stopProbability(int grade, int maxGrade) {
    return stop[level(grade, maxGrade)];
  }

  @Override
  public double[] click() {
    return click.clone();
  }

  @Override
  public double[] stop() {
    return stop.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CascadeParameters p && name.equals(p.name)
        && Arrays.equals(click, p.click) && Arrays.equals(stop, p.stop);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, Arrays.hashCode(click), Arrays.hashCode(stop));
  }

  @Override
  public String toString() {
    return name + "(click=" + Arrays.toString(click) + ", stop=" + Arrays.toString(stop) + ")";
  }
}
