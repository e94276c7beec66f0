/** The web client's own words in Simplified Chinese: the same ids and placeholders as `en.ts`. */
import type { UiId } from './en.ts';

export const ZH: Record<UiId, string> = {
  'lang.label': '语言',
  'lang.en': 'English',
  'lang.zh': '中文',
  'rule.read': '查看规则',
  'rule.title': '规则 {rule}',
  'rule.close': '关闭',
  'rule.loading': '正在载入规则……',
  'rule.missing': '本游戏的规则参考中没有 {rule}。',
  'prompt.thinking': '（电脑）正在思考……',
  'outcome.win': '{side}获胜',
  'outcome.draw': '平局',
  'log.earlier': '显示之前的 {n} 行',
  'log.private': '只有你方能看到这一行',
  'privacy.toPlay': '轮到{side}',
  'privacy.pass': '请把设备交给{side}玩家。另一方不要偷看：本游戏有隐藏信息。',
  'privacy.reveal': '我是{side}：显示我的视图',
};
