/** The baccarat rules panel: how hands are dealt and what each bet pays (from the maths package). */
import { BACCARAT_BETS } from 'virtual:play-contract';
import { useTexts } from '../../texts';
import styles from './baccarat.module.css';
import { payText } from './pays';

export function BaccaratRules() {
  const texts = useTexts();
  return (
    <div className={styles.rules}>
      {texts.baccarat.rulesBody.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <h3>{texts.baccarat.payoutsHeader}</h3>
      <table className={styles.payouts}>
        <tbody>
          {BACCARAT_BETS.map((bet) => (
            <tr key={bet}>
              <th scope="row">{texts.baccarat.bets[bet]}</th>
              <td className="tabular">{payText(bet)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{texts.baccarat.commission}</p>
    </div>
  );
}
