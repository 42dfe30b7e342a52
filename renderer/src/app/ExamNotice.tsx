// A notice about the running exam shown on any screen (a warning mark, a deadline that passed).
/** A notice about the running exam shown on any screen, with the one action that answers it. */
export function ExamNotice(props: {
  testId: string;
  actionTestId: string;
  text: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <div className="notice notice-warning" role="alert" data-testid={props.testId}>
      <p>{props.text}</p>
      <button type="button" className="primary" onClick={props.onAction} data-testid={props.actionTestId}>
        {props.action}
      </button>
    </div>
  );
}
