/**
 * Word lists for movies (zh-CN): the genre tree under 电影, title patterns that read like real film
 * names, synopsis templates per genre, regions and the tags each genre tends to carry. Data only;
 * `{slot}` syntax is server/seed/fill.ts.
 */
import { GIVEN_NAMES, PLACES, PROFESSIONS, RELATIVES, SURNAMES } from './words-people.ts';

/** Drives the poster art: palette and composition lean towards the genre's mood. */
export type Mood = 'fierce' | 'bright' | 'warm' | 'cool' | 'dark' | 'eerie' | 'playful' | 'calm' | 'earthy';

export interface GenreWords {
  name: string;
  icon: string;
  mood: Mood;
  /** Third-level categories under the genre. */
  subgenres: readonly string[];
  titles: readonly string[];
  premises: readonly string[];
  /** The synopsis' second sentence: where the story turns. */
  turns: readonly string[];
  tags: readonly string[];
}

export const GENRES: readonly GenreWords[] = [
  {
    name: '动作',
    icon: 'mdi:sword-cross',
    mood: 'fierce',
    subgenres: ['武侠', '警匪', '功夫', '特工'],
    titles: [
      '{place}行动',
      '{actNoun}风暴',
      '极限{actVerb}',
      '怒火{actNoun}',
      '{num}号追击',
      '{actNoun}猎手',
      '绝地{actVerb}',
      '{place}营救',
      '暗夜{actNoun}',
      '破{actNoun}',
      '{actNoun}之城',
    ],
    premises: [
      '{place}港口的一批军火神秘失踪，已经退役的{job}{hero}被迫重新出山，独自闯入黑帮的地盘。',
      '为了救出被绑架的{relative}，身手不凡的{hero}必须在七十二小时内横穿整座{place}。',
      '卧底多年的{hero}终于接近了走私集团的核心，却发现自己的上线早已叛变。',
      '一场看似普通的押运任务，让{job}{hero}卷入了跨国犯罪集团的惊天阴谋。',
    ],
    turns: [
      '一场以命相搏的较量就此展开。',
      '他很快发现，真正的敌人就藏在身边。',
      '时间所剩无几，每一个选择都可能改变所有人的命运。',
    ],
    tags: ['热血', '枪战', '飙车', '功夫', '卧底', '复仇'],
  },
  {
    name: '喜剧',
    icon: 'mdi:emoticon-happy-outline',
    mood: 'playful',
    subgenres: ['爱情喜剧', '黑色幽默', '无厘头', '合家欢'],
    titles: [
      '疯狂的{comicNoun}',
      '{hero}驾到',
      '我的{comicAdj}{comicPerson}',
      '{comicPerson}的逆袭',
      '{comicAdj}{comicPerson}',
      '{place}囧途',
      '人生大{comicNoun}',
      '{comicPerson}也疯狂',
      '天降{comicNoun}',
    ],
    premises: [
      '一事无成的{job}{hero}意外中了彩票，却发现彩票被{relative}拿去垫了桌脚。',
      '为了在老家亲戚面前撑场面，{hero}临时租了一个“女朋友”回家过年，谎言越滚越大。',
      '两个互看不顺眼的邻居被迫合伙开店，一连串的误会让整条街都鸡飞狗跳。',
      '小镇{job}{hero}被误认成微服私访的大人物，一夜之间成了全县最忙的人。',
    ],
    turns: [
      '一连串啼笑皆非的意外接踵而至。',
      '在笑声和泪水中，他们终于明白了什么才是真正重要的东西。',
      '为了圆一个谎，只好再撒十个谎。',
    ],
    tags: ['爆笑', '黑色幽默', '合家欢', '下饭'],
  },
  {
    name: '爱情',
    icon: 'mdi:heart-outline',
    mood: 'warm',
    subgenres: ['青春', '都市', '文艺', '虐恋'],
    titles: [
      '{season}的{loveNoun}',
      '致{lovePerson}',
      '遇见{loveNoun}',
      '{time}恋人',
      '和你看{loveNoun}的{time}',
      '{place}情书',
      '{loveNoun}未满',
      '第{num}次心动',
      '那年{season}',
    ],
    premises: [
      '高中毕业那年，{hero}和{hero#2}约定十年后在{place}重逢，可命运让他们一次次错过。',
      '失恋的{job}{hero}在{place}的旧书店里，捡到了一封寄往二十年前的信。',
      '一次航班延误，让两个素不相识的人在机场度过了改变彼此一生的二十四小时。',
      '事业顶峰的{hero}回到小城照顾生病的{relative}，却重遇了当年不告而别的初恋。',
    ],
    turns: ['有些人，一旦错过就是一生。', '兜兜转转，他们终于明白了彼此的心意。', '这一次，他们能否勇敢地说出那句话？'],
    tags: ['催泪', '初恋', '甜宠', '虐心', '青春'],
  },
  {
    name: '科幻',
    icon: 'mdi:rocket-launch-outline',
    mood: 'cool',
    subgenres: ['太空', '赛博朋克', '末日', '时间旅行'],
    titles: [
      '流浪{sciNoun}',
      '{num}光年',
      '深空{sciNoun}',
      '{sciNoun}纪元',
      '量子{sciNoun}',
      '机械{sciNoun}',
      '第{num}维度',
      '{sciNoun}重启',
      '星际{sciNoun}',
      '最后的{sciNoun}',
    ],
    premises: [
      '公元2187年，地球资源枯竭，宇航员{hero}带领最后一支探索队驶向未知星系。',
      '在被巨型企业统治的{place}，黑客{hero}意外获得了一段能改写记忆的代码。',
      '{job}{hero}每天醒来都回到同一天，而每一次循环，城市都离毁灭更近一步。',
      '一颗来历不明的信号卫星坠落在{place}，所有靠近它的人都开始听见未来的声音。',
    ],
    turns: [
      '人类的命运，就握在几个普通人手中。',
      '而这一切，只是更大风暴的开始。',
      '时间所剩无几，每一个选择都可能改变所有人的命运。',
    ],
    tags: ['太空', '赛博朋克', '时间旅行', '末日', '特效大片'],
  },
  {
    name: '悬疑',
    icon: 'mdi:magnify',
    mood: 'dark',
    subgenres: ['推理', '犯罪', '心理', '谍战'],
    titles: [
      '消失的{mysNoun}',
      '{mysNoun}迷局',
      '第{num}个{mysNoun}',
      '无声{mysNoun}',
      '{place}疑云',
      '{mysNoun}之谜',
      '暗{mysNoun}',
      '午夜{mysNoun}',
      '{place}追凶',
      '沉默的{mysNoun}',
    ],
    premises: [
      '{place}接连发生三起离奇失踪案，{job}{hero}发现所有线索都指向二十年前的一桩旧案。',
      '一场暴雨困住了山顶旅馆里的七位客人，第二天清晨，其中一人死在了反锁的房间里。',
      '{hero}醒来时失去了所有记忆，口袋里只有一张写着陌生地址的车票。',
      '为了替{relative}翻案，{job}{hero}独自调查，却发现真相比想象中更加黑暗。',
    ],
    turns: [
      '随着调查一步步深入，越来越多被掩埋的秘密浮出水面。',
      '真相近在咫尺，代价却是所有人都无法承受的。',
      '每个人都在说谎，而凶手就在他们之中。',
    ],
    tags: ['烧脑', '反转', '推理', '犯罪', '刑侦'],
  },
  {
    name: '恐怖',
    icon: 'mdi:ghost-outline',
    mood: 'eerie',
    subgenres: ['灵异', '惊悚', '怪物', '民俗'],
    titles: [
      '{place}怪谈',
      '午夜{horNoun}',
      '{num}号{horRoom}',
      '镜中{horNoun}',
      '回魂{horNoun}',
      '{place}异闻',
      '不要回头',
      '{horNoun}来电',
      '封门{horRoom}',
    ],
    premises: [
      '搬进老宅的第一晚，{hero}一家就听见阁楼里传来了孩子的笑声。',
      '几个大学生为了拍探险视频闯入废弃的{place}疗养院，直播却在午夜突然中断。',
      '{place}有个古老的规矩：七月半的夜里，千万不要应门。',
      '{job}{hero}接到一单奇怪的生意，委托人要他把一面旧镜子送回深山里的村子。',
    ],
    turns: [
      '从那天起，怪事一件接着一件地发生。',
      '他们很快发现，有些东西从来就没有离开过。',
      '天亮之前，谁也别想离开。',
    ],
    tags: ['惊悚', '灵异', '丧尸', '深夜慎入'],
  },
  {
    name: '动画',
    icon: 'mdi:teddy-bear',
    mood: 'bright',
    subgenres: ['奇幻冒险', '治愈日常', '热血成长', '亲子'],
    titles: [
      '{animal}历险记',
      '风之{aniNoun}',
      '{aniNoun}少女',
      '{animal}与{aniNoun}',
      '{aniAdj}{animal}',
      '{aniNoun}的{aniNoun#2}',
      '去{aniNoun}的路上',
      '{animal}大冒险',
    ],
    premises: [
      '一只胆小的{animal}为了找回被风吹走的家，踏上了穿越整片森林的旅程。',
      '住在海边小镇的少女发现，自家面包店的烤箱连接着另一个世界。',
      '被遗忘在阁楼的玩具们决定趁主人搬家前，完成最后一次伟大的冒险。',
      '热爱画画的少年{hero}，在一场暴雨之后能看见城市里所有的精灵。',
    ],
    turns: [
      '这是一段关于勇气、友情与告别的旅程。',
      '一路上，他们遇见了形形色色的伙伴，也慢慢找回了自己。',
      '只要心怀希望，再小的身躯也能走得很远。',
    ],
    tags: ['治愈', '国漫', '亲子', '奇幻'],
  },
  {
    name: '纪录片',
    icon: 'mdi:earth',
    mood: 'earthy',
    subgenres: ['自然', '历史', '美食', '人文'],
    titles: [
      '{docNoun}中国',
      '寻找{docNoun}',
      '{place}四季',
      '{num}种{docNoun}',
      '大{docNoun}',
      '{docNoun}之路',
      '我们的{docNoun}',
      '{docNoun}的秘密',
    ],
    premises: [
      '摄制组历时三年，跟随一群雪豹穿越祁连山脉，记录下罕见的野外生存画面。',
      '从一碗面到一桌宴，镜头走进{place}的街巷，寻找藏在烟火气里的手艺人。',
      '影片通过大量珍贵档案与亲历者口述，还原了一座城市百年的变迁。',
      '七位普通人，七种人生，镜头记录下他们在{place}度过的一整年。',
    ],
    turns: [
      '镜头背后，是无数普通人坚持多年的热爱。',
      '那些即将消失的风景与手艺，在这里被永久地留了下来。',
      '这是一部写给时间的影像日记。',
    ],
    tags: ['自然', '历史', '美食', '人文'],
  },
  {
    name: '剧情',
    icon: 'mdi:drama-masks',
    mood: 'calm',
    subgenres: ['家庭', '成长', '职场', '传记'],
    titles: [
      '{place}往事',
      '{dramaNoun}人生',
      '我的{relative}',
      '{time}的{dramaNoun}',
      '{place}来信',
      '{dramaNoun}如歌',
      '归{dramaNoun}',
      '平凡的{dramaNoun}',
    ],
    premises: [
      '九十年代的{place}，{job}{hero}为了供弟弟读书，放弃了自己的大学梦。',
      '{relative}患病后，常年在外打拼的{hero}第一次认真坐下来，听他讲完自己的一生。',
      '一家濒临倒闭的小工厂，一群不肯认输的工人，一个关于尊严的故事。',
      '刚毕业的{hero}进入{place}最大的律所，在理想与现实之间艰难地寻找答案。',
    ],
    turns: [
      '一路上，他们遇见了形形色色的人，也慢慢找回了自己。',
      '生活从不容易，但总有人在认真地活着。',
      '多年以后，他终于读懂了那一年的选择。',
    ],
    tags: ['成长', '家庭', '职场', '传记'],
  },
  {
    name: '战争',
    icon: 'mdi:shield-outline',
    mood: 'earthy',
    subgenres: ['抗战', '二战', '近代', '军旅'],
    titles: [
      '{place}保卫战',
      '{warNoun}之战',
      '最后的{warNoun}',
      '{warNoun}一九四二',
      '血战{place}',
      '{warNoun}尖兵',
      '{num}勇士',
      '{warNoun}长歌',
    ],
    premises: [
      '1938年，一支打散的小分队奉命死守{place}渡口，为大部队撤离争取三天时间。',
      '一名年轻的通讯兵穿越封锁线，必须把一份情报送到四十公里外的指挥部。',
      '战争结束三十年后，老兵{hero}回到{place}，寻找当年救过他性命的战友。',
      '在被围困的城市里，一群普通人用自己的方式守护着最后的希望。',
    ],
    turns: [
      '没有人知道，他们能否看到明天的太阳。',
      '每一个名字背后，都是一个家庭的等待。',
      '那是一段不该被遗忘的历史。',
    ],
    tags: ['历史', '军事', '谍战', '英雄'],
  },
];

export const MOVIE_SLOTS = {
  place: PLACES,
  job: PROFESSIONS,
  relative: RELATIVES,
  hero: ['{surname}{given}'],
  surname: SURNAMES,
  given: GIVEN_NAMES,
  num: ['七', '九', '十三', '二十四', '三', '八', '一', '四十'],
  season: ['春天', '夏天', '秋天', '冬天', '盛夏', '初雪'],
  time: ['昨天', '明天', '午夜', '黄昏', '周末', '十年后', '七月', '凌晨三点'],
  actNoun: ['雷霆', '铁拳', '孤狼', '猎鹰', '火线', '暗影', '赤焰', '疾风', '惊涛', '铁血', '刀锋'],
  actVerb: ['追击', '营救', '突围', '逃亡', '反击'],
  comicNoun: ['石头', '赛车', '外星人', '彩票', '婚礼', '年夜饭', '包租婆', '奖金'],
  comicAdj: ['超级', '野蛮', '倒霉', '完美', '天才', '冒牌'],
  comicPerson: ['保镖', '老爸', '同桌', '房东', '女友', '师父', '邻居', '大叔'],
  loveNoun: ['你', '海', '星星', '晚风', '雪', '日落', '情书', '花火'],
  lovePerson: ['我们终将逝去的青春', '亲爱的你', '十八岁的你', '最好的我们', '远方的人'],
  sciNoun: ['地球', '星球', '方舟', '信号', '边界', '母体', '黎明', '纪元'],
  mysNoun: ['证人', '凶手', '嫌疑人', '房间', '目击者', '密码', '审判', '迷宫'],
  horNoun: ['凶铃', '来客', '新娘', '人偶', '低语', '魅影'],
  horRoom: ['病房', '公寓', '客栈', '古宅', '隧道'],
  animal: ['小狐狸', '熊猫', '企鹅', '猫咪', '小龙', '兔子', '鲸鱼'],
  aniNoun: ['森林', '天空', '魔法', '星星', '花园', '城堡', '夏日'],
  aniAdj: ['勇敢的', '会飞的', '迷路的', '爱唱歌的'],
  docNoun: ['味道', '长城', '河流', '手艺', '候鸟', '故宫', '丝路', '村庄'],
  dramaNoun: ['岁月', '人间', '烟火', '青春', '故乡', '父辈'],
  warNoun: ['铁道', '长城', '黎明', '孤岛', '山河', '烽火'],
};

/** Last sentence of a synopsis (may be empty). */
export const SYNOPSIS_ENDINGS = [
  '影片改编自真实事件。',
  '本片入围多个国际电影节，口碑与票房双丰收。',
  '导演用细腻克制的镜头语言，讲述了一个动人的故事。',
  '全片节奏紧凑，高潮迭起，结局令人意想不到。',
  '由同名畅销小说改编。',
  '4K 修复版，画质焕然一新。',
  '',
] as const;

export interface RegionWords {
  key: string;
  label: string;
  weight: number;
  tag: string | null;
}

export const REGIONS: readonly RegionWords[] = [
  { key: 'mainland', label: '大陆', weight: 34, tag: '华语' },
  { key: 'hongkong', label: '香港', weight: 14, tag: '港片' },
  { key: 'taiwan', label: '台湾', weight: 8, tag: '台影' },
  { key: 'japan', label: '日本', weight: 14, tag: '日影' },
  { key: 'korea', label: '韩国', weight: 12, tag: '韩影' },
  { key: 'western', label: '欧美', weight: 18, tag: '欧美大片' },
];

/** Tags any movie may carry, whatever its genre. */
export const GENERAL_MOVIE_TAGS = [
  '高分',
  '经典',
  '口碑佳作',
  '冷门佳作',
  '周末必看',
  '一口气看完',
  '4K修复',
  '导演剪辑版',
  '获奖作品',
  '小说改编',
  '真实事件改编',
  '漫改',
  '新片',
  '独家',
] as const;
