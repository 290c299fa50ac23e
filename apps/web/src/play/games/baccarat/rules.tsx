/**
 * The baccarat rules panel: how hands are dealt, what each bet pays and its house edge (both from
 * the maths package).
 */

import { BACCARAT_BETS } from 'virtual:play-contract';
import { BACCARAT_HOUSE_EDGE_PERCENT } from '@aurum/games';
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
        <thead>
          <tr>
            <th scope="col">{texts.baccarat.payoutColumns.bet}</th>
            <th scope="col">{texts.baccarat.payoutColumns.pays}</th>
            <th scope="col">{texts.baccarat.payoutColumns.edge}</th>
          </tr>
        </thead>
        <tbody>
          {BACCARAT_BETS.map((bet) => (
            <tr key={bet}>
              <th scope="row">{texts.baccarat.bets[bet]}</th>
              <td className="tabular">{payText(bet)}</td>
              <td className="tabular" data-edge={bet}>
                {BACCARAT_HOUSE_EDGE_PERCENT[bet]} %
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{texts.baccarat.commission}</p>
      <p>{texts.baccarat.edgeNote}</p>
    </div>
  );
}
