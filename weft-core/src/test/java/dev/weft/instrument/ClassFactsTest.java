package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import subjects.ConstructorEscapes.CallsAMethodOnThis;
import subjects.ConstructorEscapes.CapturesThis;
import subjects.ConstructorEscapes.InheritsALeak;
import subjects.ConstructorEscapes.KeepsThis;
import subjects.ConstructorEscapes.PassesThis;
import subjects.ConstructorEscapes.StoresThisInItsOwnField;
import subjects.ConstructorEscapes.StoresThisStatically;
import subjects.InitialiserKinds.CallsProgramCode;
import subjects.InitialiserKinds.CallsProgramCodeBase;
import subjects.InitialiserKinds.ConstantsAndOwnState;
import subjects.InitialiserKinds.InheritsAModelledInitialiser;
import subjects.InitialiserKinds.NoInitialiser;
import subjects.InitialiserKinds.ReadsAnotherClass;
import subjects.InitialiserKinds.ReadsTheClock;
import subjects.InitialiserKinds.StartsAThread;

/** What {@link ClassFacts} decides from code: kinds of static initialisers, constructors that let {@code this} escape. */
class ClassFactsTest {
    private final ClassFacts facts = new ClassFacts(new ClassHierarchy(ClassFactsTest::bytes));

    @Test
    void initialisersThatTouchOnlyTheirOwnClassAndFreshObjectsArePure() {
        assertEquals(ClassFacts.Initialiser.NONE, facts.initialiser(name(NoInitialiser.class)));
        assertEquals(ClassFacts.Initialiser.PURE, facts.initialiser(name(ConstantsAndOwnState.class)));
        for (Class<?> modelled : List.of(CallsProgramCode.class, ReadsAnotherClass.class, ReadsTheClock.class, StartsAThread.class)) {
            assertEquals(ClassFacts.Initialiser.MODELLED, facts.initialiser(name(modelled)), modelled.getName());
        }
    }

    @Test
    void aClassIsInitialisedWithItsSuperclasses() {
        assertEquals(ClassFacts.Initialiser.MODELLED, facts.initialisation(name(InheritsAModelledInitialiser.class)));
        assertEquals(List.of(name(InheritsAModelledInitialiser.class), name(CallsProgramCodeBase.class)),
                facts.initialisedWith(name(InheritsAModelledInitialiser.class)));
    }

    @Test
    void constructorsLetThisEscapeByAnyUseButItsFieldsLockingAndTheSuperCall() {
        assertFalse(facts.constructorsMayLeakThis(name(KeepsThis.class)));
        for (Class<?> leaking : List.of(CallsAMethodOnThis.class, PassesThis.class, CapturesThis.class, StoresThisStatically.class,
                StoresThisInItsOwnField.class, InheritsALeak.class)) {
            assertTrue(facts.constructorsMayLeakThis(name(leaking)), leaking.getName());
        }
    }

    private static String name(Class<?> type) {
        return type.getName().replace('.', '/');
    }

    private static byte[] bytes(String internalName) {
        try (InputStream in = ClassFactsTest.class.getClassLoader().getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
