import { useEffect, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { useWidgetId } from '../lib/ids';
import type { Poll } from './poll';

export interface VoteProps {
  voteId?: string;
  inactive?: boolean;
}

interface ApiPoll {
  name: string;
  description: string;
  is_active: boolean;
  choices: { id: number; name: string }[];
}

/**
 * Spec 4: disabled when the poll is not active or after sending. Spec 8: the thanks says the vote
 * counts only after the mailed link is confirmed; a 409 is "Tento email už hlasoval." (vote.message.fail).
 */
export function Vote({ voteId = '', inactive = false, fallbackData, fallbackForm }: WidgetProps<VoteProps>) {
  const { i18n } = useLingui();
  const id = useWidgetId();
  const server = fallbackData as Poll | null | undefined;
  const [poll, setPoll] = useState<Poll | null>(server ?? null);
  const [choice, setChoice] = useState(String(fallbackForm?.get('choice') ?? ''));
  const [email, setEmail] = useState(String(fallbackForm?.get('email') ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [message, setMessage] = useState(server?.message ?? '');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (poll || !voteId) return;
    void (async () => {
      const { api } = await import('../lib/api');
      try {
        const data = await api.get(`vote/${encodeURIComponent(voteId)}`).json<ApiPoll>();
        setPoll({ name: data.name, description: data.description, active: data.is_active, choices: data.choices.map((c) => ({ id: String(c.id), name: c.name })), message: '' });
      } catch {
        // The server's form stays usable on its page; nothing to draw here.
      }
    })();
  }, [poll, voteId]);

  if (!poll) return null;
  const sent = message !== '';
  const disabled = inactive || !poll.active || sent || busy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const local: Record<string, string> = {};
    if (!choice) local.choice = i18n._('Vyberte jednu z možností');
    if (!email.trim()) local.email = i18n._('Nezadali ste email');
    setErrors(local);
    setAlert('');
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const { api, readProblem } = await import('../lib/api');
    try {
      const answer = await api.post('vote/send', { json: { hash: voteId, email, choice } }).json<{ message: string }>();
      setMessage(answer.message);
    } catch (error) {
      const problem = await readProblem(error);
      if (problem.status === 409) setAlert(i18n._('Tento email už hlasoval.'));
      else {
        setErrors(problem.errors);
        setAlert(problem.detail);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="vote" method="post" action={`/hlasovanie/${voteId}`} noValidate onSubmit={(e) => void submit(e)}>
      <fieldset className="vote__choices" disabled={disabled}>
        <legend className="vote__name">{poll.name}</legend>
        {poll.description && <p className="vote__description">{poll.description}</p>}
        {poll.choices.map((c) => (
          <label key={c.id} className="vote__choice">
            <input type="radio" name="choice" value={c.id} checked={choice === c.id} onChange={() => setChoice(c.id)} /> {c.name}
          </label>
        ))}
        {errors.choice && <p className="vote__error">{errors.choice}</p>}
        <label className="vote__field">
          <span>{i18n._('E-mail')}</span>
          <input type="email" name="email" autoComplete="email" maxLength={254} value={email} aria-invalid={errors.email ? true : undefined} aria-describedby={errors.email ? `${id}-email` : undefined} onChange={(e) => setEmail(e.currentTarget.value)} />
        </label>
        {errors.email && <p id={`${id}-email`} className="vote__error">{errors.email}</p>}
        <p className="vote__actions">
          <button type="submit" className="button">{i18n._('Hlasovať')}</button>
        </p>
      </fieldset>
      {(inactive || !poll.active) && <p className="vote__note">{i18n._('Hlasovanie v tejto ankete je ukončené.')}</p>}
      {alert && <p className="vote__alert" role="alert">{alert}</p>}
      <p className="vote__success" role="status">{message}</p>
    </form>
  );
}
