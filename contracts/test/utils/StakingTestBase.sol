// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {IStakingApi, IStakingLensApi, deployStaking, deployLens} from "./StakingApi.sol";
import {IStaking} from "../../src/IStaking.sol";
import {IUniswapV2Router} from "../../src/interfaces/IUniswapV2Router.sol";

/// @dev An 18-decimal reward coin standing in for WETH/WBNB in unit tests (anyone may mint).
contract MockRewardToken is ERC20 {
    constructor() ERC20("Wrapped Test Coin", "WTC") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

/// @dev A fixed-price V2-style router for unit tests: out = amountIn * num / den. It must hold USDC.
contract MockRouter is IUniswapV2Router {
    uint256 public num;
    uint256 public den;
    bool public broken;

    error InsufficientOutput();
    error Expired();
    error Broken();

    constructor(uint256 num_, uint256 den_) {
        (num, den) = (num_, den_);
    }

    function setPrice(uint256 num_, uint256 den_) external {
        (num, den) = (num_, den_);
    }

    function setBroken(bool broken_) external {
        broken = broken_;
    }

    function getAmountsOut(uint256 amountIn, address[] calldata) external view returns (uint256[] memory a) {
        a = new uint256[](2);
        a[0] = amountIn;
        a[1] = amountIn * num / den;
    }

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory a) {
        if (broken) revert Broken();
        if (deadline < block.timestamp) revert Expired();
        uint256 out = amountIn * num / den;
        if (out < amountOutMin) revert InsufficientOutput();
        IERC20(path[0]).transferFrom(msg.sender, address(this), amountIn);
        IERC20(path[1]).transfer(to, out);
        a = new uint256[](2);
        a[0] = amountIn;
        a[1] = out;
    }
}

/// @dev Deploys Staking with a mock reward coin and router (1 coin = 3000 USDC).
abstract contract StakingDeployer is Test {
    MockRewardToken internal reward;
    MockRouter internal router;
    address internal treasury = makeAddr("treasury");

    /// Level thresholds in whole USDC (scaled by the USDC's decimals).
    uint256[6] internal levelWhole = [uint256(1000), 5000, 20_000, 50_000, 100_000, 500_000];

    function _config(IERC20Metadata usdc_, address root_, address owner_)
        internal
        returns (IStaking.Config memory c)
    {
        if (address(reward) == address(0)) reward = new MockRewardToken();
        uint256 unit = address(usdc_) == address(0) ? 1e6 : 10 ** uint256(usdc_.decimals());
        if (address(router) == address(0)) router = new MockRouter(3000 * unit, 1 ether);
        uint256[6] memory thresholds;
        for (uint256 i = 0; i < 6; ++i) {
            thresholds[i] = levelWhole[i] * unit;
        }
        c = IStaking.Config({
            usdc: usdc_,
            rewardToken: IERC20Metadata(address(reward)),
            router: router,
            root: root_,
            owner: owner_,
            treasury: treasury,
            levelThresholds: thresholds,
            feeBps: 0,
            minWithdrawal: unit,
            nodePrice: 1000 * unit,
            nodeLimit: 100,
            founderPrice: 5000 * unit,
            founderLimit: 10
        });
    }

    function _deployStaking(IERC20Metadata usdc_, address root_, address owner_)
        internal
        returns (IStakingApi)
    {
        return deployStaking(_config(usdc_, root_, owner_));
    }

    /// EIP-2612 signature by `key` of a permit of `token` from `holder` to `spender`, at the holder's
    /// current nonce.
    function _permitSignature(
        IERC20Permit token,
        uint256 key,
        address holder,
        address spender,
        uint256 value,
        uint256 deadline
    ) internal view returns (uint8 v, bytes32 r, bytes32 s) {
        bytes32 structHash = keccak256(
            abi.encode(
                keccak256(
                    "Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)"
                ),
                holder,
                spender,
                value,
                token.nonces(holder),
                deadline
            )
        );
        (v, r, s) =
            vm.sign(key, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
    }

    function _fund(IStakingApi s, address funder, uint256 amount) internal {
        reward.mint(funder, amount);
        vm.startPrank(funder);
        reward.approve(address(s), amount);
        s.fundRewards(amount);
        vm.stopPrank();
    }
}
