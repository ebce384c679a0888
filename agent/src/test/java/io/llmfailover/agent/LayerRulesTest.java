package io.llmfailover.agent;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layer rules of ARCHITECTURE.md, checked on the main classes of the runtime and the agent: the
 * pipeline runs one way (hook → lifecycle → gateway → walk → transport), an adapter sees only the
 * runtime's contract and the agent's lifecycle, the bootstrap classes every class loader sees lean on
 * nothing above them, and no two packages need each other.
 */
class LayerRulesTest {

    private static JavaClasses mainClasses;

    private static final String RUNTIME = "io.llmfailover.runtime..";
    private static final String CONTRACT = "io.llmfailover.runtime.contract..";
    private static final String AGENT = "io.llmfailover.agent..";
    private static final String BOOTSTRAP = "io.llmfailover.agent.bootstrap..";
    private static final String CLIENTS = "io.llmfailover.agent.client..";

    @BeforeAll
    static void importMainClasses() {
        mainClasses = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.llmfailover.runtime", "io.llmfailover.agent");
    }

    @Test
    void theRuntimeNeverSeesTheAgent() {
        noClasses().that().resideInAPackage(RUNTIME)
                .should().dependOnClassesThat().resideInAPackage(AGENT)
                .because("the runtime is plain Java, usable and testable without the agent")
                .check(mainClasses);
    }

    @Test
    void noRuntimePackageCycle() {
        slices().matching("io.llmfailover.runtime.(**)")
                .should().beFreeOfCycles()
                .check(mainClasses);
    }

    @Test
    void noAgentPackageCycle() {
        slices().matching("io.llmfailover.agent.(**)")
                .should().beFreeOfCycles()
                .check(mainClasses);
    }

    @Test
    void clientsDoNotSeeEachOther() {
        slices().matching("io.llmfailover.agent.client.(*)..")
                .should().notDependOnEachOther()
                .because("a client is one folder: adding or removing one touches no other")
                .check(mainClasses);
    }

    @Test
    void adaptersSeeOnlyTheContractOfTheRuntime() {
        noClasses().that().resideInAPackage(CLIENTS)
                .should().dependOnClassesThat(resideInAPackage(RUNTIME).and(not(resideInAPackage(CONTRACT))))
                .because("an adapter turns its client's call into the contract's request and back; the rest is the runtime's")
                .check(mainClasses);
    }

    @Test
    void adaptersDoNotSeeTheInstaller() {
        noClasses().that().resideInAPackage(CLIENTS)
                .should().dependOnClassesThat().resideInAPackage("io.llmfailover.agent.installer..")
                .check(mainClasses);
    }

    @Test
    void theBootstrapLeansOnNothingAboveIt() {
        noClasses().that().resideInAPackage(BOOTSTRAP)
                .should().dependOnClassesThat(resideInAPackage(AGENT).and(not(resideInAPackage(BOOTSTRAP))))
                .because("the bootstrap classes are seen by every class loader and load before the rest of the agent")
                .check(mainClasses);
    }

    @Test
    void theLifecycleIsBelowTheClientsAndTheInstaller() {
        noClasses()
                .that().resideInAPackage("io.llmfailover.agent.lifecycle..")
                .should().dependOnClassesThat(resideInAnyPackage(CLIENTS, "io.llmfailover.agent.installer..",
                        "io.llmfailover.agent.weaving.."))
                .check(mainClasses);
    }
}
