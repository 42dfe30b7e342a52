// Every test id of the app, by screen (kebab-case data-testid), so specs read like the UI and
// testers never need the source: `docs/testing.md` lists the same, and
// `test/unit/locators.test.ts` fails when the renderer has an id this file does not.
import type { Locator, Page } from '@playwright/test';

type Product = 'enem' | 'vestibulares';
type Screen = 'library' | 'exams' | 'notebook' | 'history' | 'paper' | 'sync' | 'packs' | 'class' | 'keys' | 'settings';

/** A note editor's parts, under the prefix its screen gives it. */
const note = (id: (testId: string) => ReturnType<Page['getByTestId']>, prefix: string) => ({
  root: id(prefix),
  text: id(`${prefix}-text`),
  save: id(`${prefix}-save`),
  saved: id(`${prefix}-saved`),
  error: id(`${prefix}-error`),
});

/**
 * A screen's button in the sidebar: the button itself (a Locator, as the kit gave it before 0.1.0,
 * so specs that assert on it still run) with `.button` (the same Locator) and a `click()` that opens
 * the folded menu first. docs/testing.md, "Changes for testers".
 */
function navButton(id: (testId: string) => Locator, name: Screen): Locator & { button: Locator } {
  const button = id(`nav-${name}`);
  const click: Locator['click'] = async (options) => {
    const toggle = id('nav-menu');
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await id(`nav-${name}`).click(options);
  };
  // The Locator's own methods stay (a spec may expect it visible, focused, current); click is ours.
  return Object.assign(Object.create(button) as Locator, { button, click });
}

export const ui = (page: Page) => {
  const id = (testId: string) => page.getByTestId(testId);
  return {
    shell: id('app-shell'),
    /** A screen's error notice where it gives none of its own id (the message is translated; [data-code] is not). */
    error: id('error'),
    /**
     * A screen's button in the sidebar. Where the sidebar is folded into a menu (a window narrower
     * than 45 em of the chosen type: 1440 px at 32 px, 1080 px at 24 px), `click()` opens the menu first.
     */
    nav: (name: Screen) => navButton(id, name),
    /** The folded sidebar's menu button [aria-expanded] and the panel of screens it opens. */
    menu: { toggle: id('nav-menu'), panel: id('nav-panel') },
    /** The sidebar's days to the exam date [data-days], and the notebook's reviews due today. */
    examDateCountdown: id('exam-date-countdown'),
    notebookDue: id('nav-notebook-due'),
    /** The running exam in the sidebar, with main's countdown. */
    runningExam: { link: id('nav-running-exam'), countdown: id('nav-running-countdown') },
    /** The deadline passed while the student was elsewhere. */
    deadline: { notice: id('deadline-notice'), result: id('deadline-notice-result') },
    /** A warning mark reached while the student is on another screen, and the way back. */
    warningAway: { notice: id('warning-away'), back: id('warning-away-back') },
    storage: {
      notices: id('storage-notices'),
      notice: id('storage-notice'),
      dismiss: id('storage-notices-dismiss'),
    },
    keys: {
      screen: id('screen-keys'),
      form: id('connect-form'),
      baseUrl: id('base-url-input'),
      apiKey: id('api-key-input'),
      sessionOnly: id('session-only'),
      connect: id('connect-button'),
      success: id('connect-success'),
      error: id('connect-error'),
      list: id('key-list'),
      none: id('no-keys'),
      key: (product: Product) => id(`key-${product}`),
      masked: (product: Product) => id(`key-${product}-masked`),
      remove: (product: Product) => id(`remove-key-${product}`),
      weakWarning: id('weak-storage-warning'),
    },
    sync: {
      screen: id('screen-sync'),
      noKey: id('sync-no-key'),
      product: id('sync-product'),
      exam: id('sync-exam'),
      year: id('sync-year'),
      subject: id('sync-subject'),
      difficulty: id('sync-difficulty'),
      daily: id('sync-daily'),
      estimate: id('sync-estimate'),
      estimateResult: id('sync-estimate-result'),
      start: id('sync-start'),
      cancel: id('sync-cancel'),
      resume: id('sync-resume'),
      progress: id('sync-progress'),
      progressBar: id('sync-progress-bar'),
      progressText: id('sync-progress-text'),
      phase: id('sync-phase'),
      imagesText: id('sync-images-text'),
      rateWait: id('sync-rate-wait'),
      report: id('sync-report'),
      /** What became of each question, counted once (docs/sync.md): each line's [data-count]. */
      outcome: {
        kept: id('sync-report-kept'),
        keyless: id('sync-report-keyless'),
        refused: id('sync-report-refused'),
        unreadable: id('sync-report-unreadable'),
        unended: id('sync-report-unended'),
      },
      error: id('sync-error'),
    },
    library: {
      screen: id('screen-library'),
      empty: id('library-empty'),
      demoOffer: id('demo-offer'),
      emptyConnectKey: id('empty-connect-key'),
      goSync: id('go-sync'),
      goLibrary: id('go-library'),
      noMatch: id('library-no-match'),
      count: id('library-count'),
      list: id('question-list'),
      rows: id('question-row'),
      /** A row's button: opens the question. */
      rowOpen: id('row-open'),
      rowSelect: id('row-select'),
      selectAllFiltered: id('select-all-filtered'),
      selectionCount: id('selection-count'),
      clearSelection: id('clear-selection'),
      text: id('filter-text'),
      product: id('filter-product'),
      exam: id('filter-exam'),
      year: id('filter-year'),
      subject: id('filter-subject'),
      difficulty: id('filter-difficulty'),
      source: id('filter-source'),
      clearFilters: id('filter-clear'),
      dialog: id('question-dialog'),
      close: id('question-close'),
      statement: id('question-statement'),
      image: id('question-image'),
      imageMissing: id('image-missing'),
      alternatives: id('question-alternatives'),
      alternative: (letter: string) => id(`alternative-${letter}`),
      showAnswer: id('show-answer'),
      answer: id('answer-revealed'),
      notGradable: id('answer-unknown'),
      explanation: id('question-explanation'),
      explanationSave: id('question-explanation-save'),
      explanationSaved: id('question-explanation-saved'),
      explanationFigure: id('question-explanation-figure'),
      explanationFigureRemove: id('question-explanation-figure-remove'),
      questionError: id('question-error'),
      addToNotebook: id('question-add-notebook'),
      addedToNotebook: id('question-add-notebook-done'),
      addToNotebookError: id('question-add-notebook-error'),
      note: note(id, 'question-note'),
    },
    builder: {
      screen: id('screen-exams'),
      resume: id('exam-resume'),
      preset: id('exam-preset'),
      area: id('exam-area'),
      language: id('exam-language'),
      enemSources: id('exam-enem-sources'),
      sources: id('exam-sources'),
      source: (source: string) => id(`exam-source-${source}`),
      subject: id('exam-subject'),
      count: id('exam-count'),
      difficulty: id('exam-difficulty'),
      title: id('exam-title'),
      mode: id('exam-mode'),
      minutes: id('exam-minutes'),
      /** The student's own extra time applies (Settings). */
      extraTime: id('exam-extra-time'),
      strict: id('exam-strict'),
      warnings: id('exam-warnings'),
      preferUnseen: id('exam-prefer-unseen'),
      seed: id('exam-seed'),
      matching: id('exam-matching'),
      composition: id('exam-composition'),
      block: id('exam-block'),
      short: id('exam-short'),
      start: id('exam-start'),
      error: id('exam-error'),
    },
    /** The figure viewer, in the exam, a result's review, the library and the notebook. */
    viewer: {
      dialog: id('image-viewer'),
      close: id('image-viewer-close'),
      stage: id('image-viewer-stage'),
      /** [data-zoom]: percent of the figure's own size; [data-fit]: "true" while fitted to the window. */
      image: id('image-viewer-image'),
      level: id('image-viewer-level'),
      zoomIn: id('image-viewer-zoom-in'),
      zoomOut: id('image-viewer-zoom-out'),
      fit: id('image-viewer-fit'),
      actual: id('image-viewer-actual'),
    },
    exam: {
      screen: id('exam-screen'),
      answeredCount: id('exam-answered-count'),
      saveState: id('exam-save-state'),
      countdown: id('exam-countdown'),
      /** An untimed practice says so once (a review says nothing of time). */
      untimed: id('exam-untimed'),
      help: id('exam-help'),
      shortcuts: id('exam-shortcuts'),
      shortcutsClose: id('exam-shortcuts-close'),
      submit: id('exam-submit'),
      finishPractice: id('exam-finish-practice'),
      warning: id('exam-warning'),
      timeUp: id('exam-time-up'),
      question: id('exam-question'),
      number: id('exam-question-number'),
      statement: id('exam-statement'),
      /** The question's figure (opens the viewer), and an alternative's figure's zoom button. */
      image: id('exam-image'),
      alternativeImage: (letter: string) => id(`exam-image-${letter}`),
      choices: id('exam-choices'),
      choice: (letter: string) => id(`exam-choice-${letter}`),
      strike: (letter: string) => id(`exam-strike-${letter}`),
      feedback: id('exam-feedback'),
      explanation: id('exam-explanation'),
      explanationImage: id('exam-explanation-image'),
      /** A notebook review's rating [data-grade], and its buttons (keys 1–4). */
      rating: id('exam-rating'),
      rate: (grade: 1 | 2 | 3 | 4) => id(`exam-rate-${grade}`),
      /** What the rating would schedule, on its button ("10 min", "3 dias", "até a prova"). */
      rateInterval: (grade: 1 | 2 | 3 | 4) => id(`exam-rate-${grade}-interval`),
      /** Takes the session's last rating back [data-index]; Ctrl+Z. */
      undoRating: id('exam-undo-rating'),
      /** A card missed earlier in this session, back again. */
      repeat: id('exam-repeat'),
      /** How many missed cards still come back in this session [data-count]. */
      againLeft: id('review-again-left'),
      note: note(id, 'exam-note'),
      previous: id('exam-previous'),
      next: id('exam-next'),
      flag: id('exam-flag'),
      guess: id('exam-guess'),
      grid: id('exam-grid'),
      gridGroup: id('exam-grid-group'),
      gridItem: (n: number) => id(`exam-grid-${n}`),
      legend: id('exam-grid-legend'),
      confirm: id('exam-confirm'),
      confirmUnanswered: id('exam-confirm-unanswered'),
      /** A review's end: how many of the session are left [data-left]. */
      confirmReview: id('exam-confirm-review'),
      confirmFlagged: id('exam-confirm-flagged'),
      confirmYes: id('exam-confirm-yes'),
      confirmNo: id('exam-confirm-no'),
      error: id('exam-error'),
    },
    results: {
      screen: id('screen-result'),
      /** An exam's score [data-correct, data-total]; a review has `cards` instead. */
      score: id('result-score'),
      /** A review's cards [data-recalled: recalled the first time, data-total: cards, a missed card's return not counted]. */
      cards: id('result-cards'),
      /** A review's way back to the notebook (a review has no retry and no pace). */
      notebook: id('result-notebook'),
      details: id('result-details'),
      hidden: id('result-hidden'),
      byDeadline: id('result-by-deadline'),
      guessed: id('result-guessed'),
      retryWrong: id('result-retry-wrong'),
      /** Shown when some were left blank: the retry takes them too. */
      retryBlank: id('result-retry-blank'),
      history: id('result-history'),
      error: id('result-error'),
      chartArea: id('chart-area'),
      chartSubject: id('chart-subject'),
      chartDifficulty: id('chart-difficulty'),
      chartTime: id('chart-time'),
      /** The per-question time chart's disclosure (closed until opened). */
      chartTimeDetails: id('chart-time-details'),
      pacing: id('result-pacing'),
      pacingArea: id('pacing-area'),
      pacingSlowest: id('pacing-slowest'),
    },
    review: {
      /** wrong: answered and wrong; unanswered: left blank; guessed, flagged, right. */
      filters: id('review-filters'),
      filter: (name: 'all' | 'wrong' | 'unanswered' | 'guessed' | 'flagged' | 'right') => id(`review-filter-${name}`),
      list: id('review-list'),
      items: id('review-item'),
      answer: id('review-answer'),
      guessed: id('review-guessed'),
      image: id('review-image'),
      /** An alternative in the review [data-struck: the student struck it through]. */
      alternative: id('review-alternative'),
      struck: id('review-struck'),
      flagged: id('review-flagged'),
      explanation: id('review-explanation'),
      explanationImage: id('review-explanation-image'),
      noteText: id('review-note-text'),
      noteToggle: id('review-note-toggle'),
      note: note(id, 'review-note'),
      addToNotebook: id('review-add-notebook'),
      addedToNotebook: id('review-add-notebook-done'),
      addToNotebookError: id('review-add-notebook-error'),
    },
    /** A pack exam's result file for the tutor (on its result screen). */
    /** Paper mode: printing from the exam builder, and grading a typed answer sheet. */
    paper: {
      print: id('paper-print'),
      versions: id('paper-print-versions'),
      printButton: id('paper-print-button'),
      /** [data-code] */
      printed: id('paper-printed'),
      printError: id('paper-print-error'),
      screen: id('screen-paper'),
      none: id('paper-none'),
      exam: id('paper-exam'),
      version: id('paper-version'),
      student: id('paper-student'),
      letters: id('paper-letters'),
      /** The same sheet as a numbered grid by fives; each cell [data-symbol] ("A"–"E", "-", "*", "" unset). */
      grid: id('paper-grid'),
      cell: (n: number) => id(`paper-cell-${n}`),
      /** A class's sheets from a CSV: one row per line [data-student, data-correct | data-failed]. */
      sheets: id('paper-print-sheets'),
      /** One student's accommodation (a <details>): enlarged booklet, extra minutes on its cover. */
      accommodation: id('paper-print-accommodation'),
      enlarged: id('paper-print-enlarged'),
      extraMinutes: id('paper-print-extra-minutes'),
      /** ENEM day 1: the language marked on the sheet (values "ingles", "espanhol"; "" until chosen). */
      language: id('paper-language'),
      scanLanguage: id('paper-scan-language'),
      scan: id('paper-scan'),
      scanInput: id('paper-scan-input'),
      scanProgress: id('paper-scan-progress'),
      scanError: id('paper-scan-error'),
      scanRefused: id('paper-scan-refused'),
      scanRefusals: id('paper-scan-refusal'),
      scanSummary: id('paper-scan-summary'),
      scanLast: id('paper-scan-last'),
      scanSheets: id('paper-scan-sheet'),
      scanName: id('paper-scan-name'),
      scanStudent: id('paper-scan-student'),
      scanVersion: id('paper-scan-version'),
      scanFlags: id('paper-scan-flag'),
      /** A flagged question's choice: A–E, 'blank' or 'double'. */
      scanChoice: (choice: string) => id(`paper-scan-choice-${choice}`),
      scanGrade: id('paper-scan-grade'),
      /** A sheet graded before this batch [data-attempt]: left out unless `scanAgain` is ticked. */
      scanEarlier: id('paper-scan-earlier'),
      scanAgain: id('paper-scan-again'),
      /** Closes the exam's scanned batch (it stays until then, across screens and restarts). */
      scanClose: id('paper-scan-close'),
      scanGrading: id('paper-scan-grading'),
      scanResults: id('paper-scan-results'),
      scanRows: id('paper-scan-row'),
      /** A pack's exam: every graded sheet saved as a .examresult; then [data-count] files saved. */
      scanExport: id('paper-scan-export'),
      scanExported: id('paper-scan-exported'),
      scanExportError: id('paper-scan-export-error'),
      csvExport: id('paper-csv-export'),
      csvExported: id('paper-csv-exported'),
      csvExportError: id('paper-csv-export-error'),
      csv: id('paper-csv'),
      csvInput: id('paper-csv-input'),
      csvProgress: id('paper-csv-progress'),
      csvRefused: id('paper-csv-refused'),
      csvResults: id('paper-csv-results'),
      csvRows: id('paper-csv-row'),
      /** [data-typed, data-filled] */
      count: id('paper-count'),
      grade: id('paper-grade'),
      error: id('paper-error'),
      /** On a paper attempt's result [data-version]. */
      result: id('result-paper'),
    },
    /** A sealed pack's exam before the tutor's code, and the code form on it. */
    awaitingRelease: id('result-awaiting-release'),
    resultRelease: {
      form: id('result-release'),
      input: id('result-release-input'),
      submit: id('result-release-submit'),
      error: id('result-release-error'),
    },
    resultExport: {
      root: id('result-export'),
      name: id('result-export-name'),
      save: id('result-export-save'),
      saved: id('result-export-saved'),
      error: id('result-export-error'),
    },
    /** The tutor's class report. */
    classReport: {
      screen: id('screen-class'),
      packInput: id('class-pack-input'),
      resultsInput: id('class-results-input'),
      folderInput: id('class-folder-input'),
      codeInput: id('class-code-input'),
      fileCount: id('class-file-count'),
      /** Result files the OS opened that main refused: each <li> [data-file, data-reason]. */
      openedRefused: id('class-opened-refused'),
      build: id('class-build'),
      clear: id('class-clear'),
      error: id('class-error'),
      report: id('class-report'),
      /** [data-students, data-mean] */
      summary: id('class-summary'),
      /** The test as a whole: each figure [data-value] with its one-line meaning. */
      test: id('class-test'),
      testFigure: (name: 'mean' | 'median' | 'sd' | 'kr20' | 'sem') => id(`class-test-${name}`),
      itemEfficiency: id('class-item-efficiency'),
      rejected: id('class-rejected'),
      /** [data-file, data-reason] */
      rejectedFiles: id('class-rejected-file'),
      duplicates: id('class-duplicates'),
      csv: (table: 'students' | 'items' | 'distractors' | 'subjects' | 'areas' | 'files' | 'information' | 'test') =>
        id(`class-csv-${table}`),
      print: id('class-print'),
      students: id('class-students'),
      /** [data-correct] */
      student: id('class-student'),
      /** A student's time ("–" for a paper sheet: it has no clock). */
      studentTime: id('class-student-time'),
      /** The class's own TRI [data-status ok|refused, data-model]; a student row's [data-tri] is its score. */
      tri: id('class-tri'),
      triMisfits: id('class-tri-misfits'),
      triPartial: id('class-tri-partial'),
      triInformation: id('class-tri-information'),
      /** This class on an earlier report's scale: [data-status ok|refused, data-reason, data-growth, data-low, data-high, data-verdict grew|fell|unclear]; a student row's [data-tri-linked]. */
      triLink: id('class-tri-link'),
      /** An earlier report's .examscale for the link. */
      scaleInput: id('class-scale-input'),
      /** Saves this report's .examscale (for the next simulado's report). */
      saveScale: id('class-save-scale'),
      bySubject: id('class-by-subject'),
      facility: id('class-facility'),
      items: id('class-items'),
      /** [data-id, data-flags, data-facility] */
      item: id('class-item'),
      itemFlag: id('class-item-flag'),
      itemStatement: id('class-item-statement'),
    },
    /** The error notebook: plan, figures, today's review, cards. */
    notebook: {
      screen: id('screen-notebook'),
      error: id('notebook-error'),
      plan: id('notebook-plan'),
      examDate: id('notebook-exam-date'),
      examLabel: id('notebook-exam-label'),
      retentionTarget: id('notebook-retention-target'),
      dailyLimit: id('notebook-daily-limit'),
      newPerDay: id('notebook-new-per-day'),
      examTime: id('notebook-exam-time'),
      dateError: id('notebook-date-error'),
      limitsHint: id('notebook-limits-hint'),
      /** The plan at the exam's hour: ready [data-below] or short [data-below], the limits it names, its button. */
      readiness: {
        panel: id('notebook-readiness'),
        ready: id('notebook-readiness-ready'),
        short: id('notebook-readiness-short'),
        needed: id('notebook-readiness-needed'),
        use: id('notebook-readiness-use'),
        impossible: id('notebook-readiness-impossible'),
        left: id('notebook-readiness-left'),
        assumes: id('notebook-readiness-assumes'),
      },
      /** The memory model in use [data-fitted]. */
      model: id('notebook-model'),
      planStatus: id('notebook-plan-status'),
      useSuggestion: id('notebook-use-suggestion'),
      planSave: id('notebook-plan-save'),
      planClear: id('notebook-plan-clear'),
      planSaved: id('notebook-plan-saved'),
      planError: id('notebook-plan-error'),
      /** The app's own message for a plan field it refuses (the field is aria-invalid and takes the focus). */
      planFieldError: (field: 'examTime' | 'newPerDay' | 'dailyLimit') => id(`notebook-plan-error-${field}`),
      stats: id('notebook-stats'),
      /** [data-value] */
      stat: (name: 'dueToday' | 'next7' | 'newWaiting' | 'mastered' | 'total') => id(`notebook-stat-${name}`),
      startReview: id('notebook-start-review'),
      nothingDue: id('notebook-nothing-due'),
      eveOver: id('notebook-eve-over'),
      forecast: id('notebook-forecast'),
      /** [data-label, data-value] */
      forecastColumns: id('notebook-forecast-column'),
      /** The axis's printed ticks (never touching, the ends inside the chart). */
      forecastTicks: id('notebook-forecast-tick'),
      retention: id('notebook-retention'),
      retentionEmpty: id('notebook-retention-empty'),
      filters: id('notebook-filters'),
      filterStatus: id('notebook-filter-status'),
      filterArea: id('notebook-filter-area'),
      filterSubject: id('notebook-filter-subject'),
      filterSource: id('notebook-filter-source'),
      search: id('notebook-search'),
      empty: id('notebook-empty'),
      noMatch: id('notebook-no-match'),
      count: id('notebook-count'),
      list: id('notebook-cards'),
      /** [data-id, data-status, data-reason] */
      cards: id('notebook-card'),
      cardDue: id('notebook-card-due'),
      cardNote: id('notebook-card-note'),
      /** A card's figure: opens the viewer. */
      cardImage: id('notebook-card-image'),
      cardNoteToggle: id('notebook-card-note-toggle'),
      cardRemove: id('notebook-card-remove'),
      note: note(id, 'notebook-note'),
      more: id('notebook-more'),
    },
    history: {
      screen: id('screen-history'),
      empty: id('history-empty'),
      error: id('history-error'),
      trend: id('history-trend'),
      trendTick: id('trend-tick'),
      /** A second (third…) series' point: a ring around the first series' dot, so both show where they meet. */
      trendRing: id('trend-ring'),
      trendNote: id('history-trend-note'),
      list: id('history-list'),
      items: id('history-item'),
      score: id('history-score'),
      paper: id('history-paper'),
      open: id('history-open'),
    },
    packs: {
      screen: id('screen-packs'),
      none: id('no-packs'),
      list: id('pack-list'),
      importDemo: id('import-demo'),
      importButton: id('import-pack'),
      fileInput: id('pack-file-input'),
      imported: id('pack-imported'),
      importError: id('pack-import-error'),
      item: (packId: string) => id(`pack-${packId}`),
      remove: (packId: string) => id(`remove-pack-${packId}`),
      fixedExam: id('pack-fixed-exam'),
      seal: id('pack-seal'),
      moodle: {
        root: id('moodle-tools'),
        exportInput: id('moodle-export-input'),
        exported: id('moodle-exported'),
        importInput: id('moodle-import-input'),
        title: id('moodle-title'),
        import: id('moodle-import'),
        /** [data-questions] */
        imported: id('moodle-imported'),
        skipped: id('moodle-skipped'),
        error: id('moodle-error'),
      },
      releaseCodeBox: id('pack-release-code-box'),
      releaseCode: id('pack-release-code'),
      releaseCodeCopy: id('pack-release-code-copy'),
      /** [data-released] */
      sealed: (packId: string) => id(`pack-sealed-${packId}`),
      /** Its ENEM questions by provenance [data-enem]; "Não é ENEM" at 0. */
      enem: (packId: string) => id(`pack-enem-${packId}`),
      release: (packId: string) => ({
        form: id(`pack-release-${packId}`),
        input: id(`pack-release-${packId}-input`),
        submit: id(`pack-release-${packId}-submit`),
        error: id(`pack-release-${packId}-error`),
      }),
      released: (packId: string) => id(`pack-released-${packId}`),
      build: id('build-pack'),
      buildDialog: id('build-pack-dialog'),
      buildClose: id('build-pack-close'),
      title: id('pack-title'),
      description: id('pack-description'),
      author: id('pack-author'),
      minutes: id('pack-minutes'),
      preview: id('pack-preview'),
      save: id('pack-save'),
      saveWhy: id('pack-save-why'),
      saved: id('pack-saved'),
      buildError: id('build-pack-error'),
      dropZone: id('drop-zone'),
      confirm: id('confirm-import'),
      confirmSummary: id('confirm-import-summary'),
      /** The SHA-256 of the bytes checked: what the confirmation imports (never the path again). */
      confirmHash: id('confirm-import-hash'),
      confirmYes: id('confirm-import-yes'),
      confirmNo: id('confirm-import-no'),
      dropImported: id('drop-imported'),
      dropError: id('drop-import-error'),
      refused: id('refused-pack'),
      refusedError: id('refused-pack-error'),
      refusedClose: id('refused-pack-close'),
    },
    settings: {
      screen: id('screen-settings'),
      language: id('settings-language'),
      theme: id('settings-theme'),
      accessibility: id('settings-accessibility'),
      fontScale: id('settings-font-scale'),
      foreignLanguage: id('settings-foreign-language'),
      extraTime: id('settings-extra-time'),
      readingWidth: id('settings-reading-width'),
      reviewReminders: id('settings-review-reminders'),
      /** Updates: on/off, channel ("stable" | "beta"), status [data-phase, data-version], check, restart. */
      updates: id('settings-updates'),
      updatesEnabled: id('settings-updates-enabled'),
      updateChannel: id('settings-update-channel'),
      updateStatus: id('settings-update-status'),
      updateCheck: id('settings-update-check'),
      updateInstall: id('settings-update-install'),
      updateError: id('settings-update-error'),
      security: id('settings-security'),
      dataDir: id('settings-data-dir'),
      size: id('settings-size'),
      clear: id('settings-clear'),
      clearConfirm: id('settings-clear-confirm'),
      clearPacks: id('settings-clear-packs'),
      clearYes: id('settings-clear-yes'),
      clearNo: id('settings-clear-no'),
      cleared: id('settings-cleared'),
      error: id('settings-error'),
    },
  };
};
