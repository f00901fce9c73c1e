package dev.relearn.eval.simulate;

import dev.relearn.lucene.schema.Require;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The cascade click model (dependent click model form): the user scans the list from the top,
 * clicks a result with its level's click probability and, after a click, stops with its level's
 * stop probability; otherwise goes on to the next result. Nothing below the stop is examined.
 *
 * <p>The presets are the user types of the online learning-to-rank literature on five levels
 * (Hofmann, Whiteson and de Rijke, 2013; after Chuklin et al.'s click models): <i>perfect</i>
 * clicks by relevance and never stops, <i>navigational</i> rarely clicks the irrelevant and stops
 * after a relevant click, <i>informational</i> clicks much, including the irrelevant, and stops
 * less.
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
public record CascadeModel(String name, List<Double> click, List<Double> stop)
    implements ClickModel {
  /** Clicks exactly by relevance and never stops. */
  public static final CascadeModel PERFECT = new CascadeModel("perfect",
      List.of(0.0, 0.2, 0.4, 0.8, 1.0), List.of(0.0, 0.0, 0.0, 0.0, 0.0));
  /** Looks for one good result: few irrelevant clicks, likely to stop after a relevant one. */
  public static final CascadeModel NAVIGATIONAL = new CascadeModel("navigational",
      List.of(0.05, 0.3, 0.5, 0.7, 0.95), List.of(0.2, 0.3, 0.5, 0.7, 0.9));
  /** Gathers information: clicks much, irrelevant results too, and stops less. */
  public static final CascadeModel INFORMATIONAL = new CascadeModel("informational",
      List.of(0.4, 0.6, 0.7, 0.8, 0.9), List.of(0.1, 0.2, 0.3, 0.4, 0.5));

  public CascadeModel {
    Objects.requireNonNull(name, "name");
    click = List.copyOf(click);
    stop = List.copyOf(stop);
    if (click.size() < 2 || click.size() != stop.size()) {
      throw new IllegalArgumentException("click and stop need the same number of levels, at least"
          + " 2; got " + click.size() + " and " + stop.size());
    }
    for (int level = 0; level < click.size(); level++) {
      Require.inUnitInterval("click probability of level " + level, click.get(level));
      Require.inUnitInterval("stop probability of level " + level, stop.get(level));
    }
  }

  /** The level of {@code grade} for judgments whose highest grade is {@code maxGrade}. */
  public int level(int grade, int maxGrade) {
    Require.atLeastOne("maxGrade", maxGrade);
    if (grade <= 0) {
      return 0;
    }
    int top = click.size() - 1;
    long level = Math.round((double) Math.min(grade, maxGrade) * top / maxGrade);
    return (int) Math.max(1, Math.min(top, level));
  }

  @Override
  public boolean[] clicks(int[] grades, int maxGrade, RandomGenerator random) {
    boolean[] clicked = new boolean[grades.length];
    for (int i = 0; i < grades.length; i++) {
      int level = level(grades[i], maxGrade);
      if (random.nextDouble() < click.get(level)) {
        clicked[i] = true;
        if (random.nextDouble() < stop.get(level)) {
          break;
        }
      }
    }
    return clicked;
  }

  @Override
  public String describe() {
    return "cascade-" + name;
  }
}
