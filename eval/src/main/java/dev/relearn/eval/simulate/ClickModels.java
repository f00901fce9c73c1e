package dev.relearn.eval.simulate;

import java.util.Locale;

/** Click models by name, as the command line gives them. */
public final class ClickModels {
  /** The names {@link #parse} accepts. */
  public static final String NAMES =
      "pbm, cascade-perfect, cascade-navigational, cascade-informational";

  private ClickModels() {}

  /**
   * The model named {@code name}: {@code pbm} (position-based, with {@code eta} and {@code
   * noise}) or {@code cascade-<perfect|navigational|informational>}.
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones
   */
  public static ClickModel parse(String name, double eta, ClickNoise noise) {
    String key = name.strip().toLowerCase(Locale.ROOT);
    if (key.equals("pbm")) {
      return new PositionBasedModel(eta, noise);
    }
    if (key.startsWith("cascade-")) {
      try {
        return new CascadeModel(CascadeParameters.preset(key.substring("cascade-".length())));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("unknown click model '" + name + "'; expected one of "
            + NAMES, e);
      }
    }
    throw new IllegalArgumentException("unknown click model '" + name + "'; expected one of "
        + NAMES);
  }
}
