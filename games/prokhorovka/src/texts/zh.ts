/**
 * Prokhorovka's words in Simplified Chinese: the same message ids and placeholders as `en.ts`
 * (a test checks), with the rulebook translation's terms (支援签, 装备签, 预备指定, 再编成,
 * 战略移动, 坦克战, 航空任务 …), and a glossary of names for message parameters.
 */
import type { MessageId } from './en.ts';

export const ZH: Record<MessageId, string> = {
  'pk.setupPlace': '把抽到的装备签以背面表示配置在己方单位下（其余放入再编成池）',
  'pk.setupSupport': '选择 8 枚支援签作为第一回合的支援池',
  'pk.designation': '指定预备堆叠，然后结束阶段',
  'pk.normalAttack': '宣言攻击（先选攻击单位，再选目标），然后结束宣言（9.2(1)）',
  'pk.movement': '逐个移动堆叠（先选堆叠，再选目的地），让增援进场，然后结束阶段',
  'pk.reserveAttack': '用预备指定的堆叠宣言预备攻击（先选攻击单位，再选目标），然后结束宣言（9.2(1)）',
  'pk.reorganization': '再编成：从再编成池配置最多 2 枚装备签、把装备签返回再编成池，然后结束阶段',
  'pk.reinfChoice.soviet': '从预备池中选择 {n} 个{formation}单位登场',
  'pk.reinfChoice.german': '从{units}中选择 {n} 个登场（A-02）',
  'pk.moveTo.normal': '选择{unit}移动到的格子（通常移动）',
  'pk.moveTo.strategic': '选择{unit}移动到的格子（战略移动）',
  'pk.moveTo.detachment': '选择从{unit}分出的分遣队移动到的格子（必须离开该格）',
  'pk.cb.allocate': '把支援签以背面表示分配给各场战斗（每场最多 4 枚；航空签用于航空任务）',
  'pk.cb.order': '选择下一场要结算的战斗',
  'pk.cb.air': '现在执行航空任务（{target}的战斗，{step}之前）或跳过',
  'pk.cb.equip': '宣言在{target}的战斗中使用的装备签（翻至正面）',
  'pk.cb.sniper': '为每个狙击兵指定一枚敌方战术签，或结束',
  'pk.cb.commander': '指定每个指挥官无效化的签（效果②/③），或留作重掷',
  'pk.cb.engineers': '工兵：除去一个敌方阵地，或令本场战斗中敌方所有阵地兵装无效',
  'pk.cb.bombAlloc': '把 {n} 个轰炸命中分配给敌方坦克战兵装（达到装甲值即无效化）',
  'pk.cb.pair': '把一枚己方坦克战兵装与一枚敌方的配成一组',
  'pk.cb.reroll': '重掷“{roll}”的一颗骰子（掷出 {dice}），或保留',
  'pk.cb.snipeNow': '用狙击兵取消指挥官的重掷，或让其生效',
  'pk.cb.recon.target': '指定侦察的目标（最多 3 个），或停止',
  'pk.cb.recon.reveal': '把一枚敌方签翻至正面（最多 3 枚），或停止',
  'pk.cb.smoke': '对这次航空任务使用烟幕，或不使用',
  'pk.cb.aa': '用对空兵装对航空任务射击，或停止',
  'pk.cb.intercept': '用战斗机迎击，或不迎击',
  'pk.cb.counter': '用战斗机逆迎击，或不逆迎击',
  'pk.cb.retreat': '你将减损 {n} 个 step：撤退可减半（舍去小数），或坚守',
  'pk.cb.loss': '再承受 {n} 个 step 减损：翻面或移除单位，或返回一枚装备签',
  'pk.cb.retreatHex': '选择{unit}撤退到的格子',
  'pk.cb.advance': '让一个攻击堆叠战后挺进到{hex}，或不挺进',
};

/** Names in Chinese, by the English the rules give as parameters. */
export const NAMES_ZH: Record<string, string> = {
  German: '德军',
  Soviet: '苏军',
  'SS-Leibstandarte': '党卫军警卫旗队师',
  'SS-Das Reich': '党卫军帝国师',
  'SS-Totenkopf': '党卫军骷髅师',
  'SS-Wiking': '党卫军维京师',
  Grossdeutschland: '大德意志师',
};
