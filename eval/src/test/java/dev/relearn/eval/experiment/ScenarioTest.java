package dev.relearn.eval.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Scenario labels on the command line and in JSON. */
class ScenarioTest {
  @Test
  void everyLabelNamesItsScenario() {
    for (Scenario scenario : Scenario.values()) {
      assertEquals(scenario, Scenario.fromLabel(scenario.label()));
      assertEquals(scenario, Scenario.fromLabel(" " + scenario.label().toUpperCase() + " "));
    }
    assertEquals(Scenario.MIXED, Scenario.fromLabel("mixed"));
    assertEquals("mixed", Scenario.MIXED.label());
  }

  @Test
  void anUnknownLabelListsTheAcceptedOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Scenario.fromLabel("chaos"));
    assertEquals("unknown scenario 'chaos'; expected generalisation, repeated, noise, attack or"
        + " mixed", e.getMessage());
    for (Scenario scenario : Scenario.values()) {
      assertTrue(e.getMessage().contains(scenario.label()), e.getMessage());
    }
  }
}
