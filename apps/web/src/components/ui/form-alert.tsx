import styles from './form-alert.module.css';

/** Errors that belong to the whole form (wrong login, an invalid reset link…), read out when they appear. */
export function FormAlert({ messages }: { messages: readonly string[] }) {
  return (
    <div role="alert" className={messages.length ? styles.alert : undefined}>
      {messages.map((message) => (
        <p key={message} className={styles.message}>
          {message}
        </p>
      ))}
    </div>
  );
}
